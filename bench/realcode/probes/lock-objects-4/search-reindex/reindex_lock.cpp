#include "reindex_lock.hpp"

#include <chrono>
#include <cstdio>
#include <random>
#include <thread>

namespace search {
namespace {

const char* kReleaseLua =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

std::string random_hex() {
    std::random_device rd;
    char buf[40];
    std::snprintf(buf, sizeof buf, "%08x%08x%08x%08x", rd(), rd(), rd(), rd());
    return buf;
}

}  // namespace

bool ReindexLock::init(redisContext* c, const std::string& index, int ttl_s, const char* owner) {
    c_ = c;
    key_ = "reindex:lock:" + index;
    if (owner != nullptr)
        token_ = owner;
    else
        token_ = random_hex();

    for (int attempt = 0; attempt < 20; ++attempt) {
        auto* r = static_cast<redisReply*>(redisCommand(c_, "SETNX %s %s", key_.c_str(), token_.c_str()));
        bool got = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
        if (r) freeReplyObject(r);
        if (got) {
            r = static_cast<redisReply*>(redisCommand(c_, "EXPIRE %s %d", key_.c_str(), ttl_s));
            if (r) freeReplyObject(r);
            held_ = true;
            return true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
    return false;
}

ReindexLock::~ReindexLock() {
    if (!held_) return;
    auto* r = static_cast<redisReply*>(
        redisCommand(c_, "EVAL %s 1 %s %s", kReleaseLua, key_.c_str(), token_.c_str()));
    if (r) freeReplyObject(r);
}

}  // namespace search
