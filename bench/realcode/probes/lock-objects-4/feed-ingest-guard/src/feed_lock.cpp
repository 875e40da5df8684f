#include "feed/feed_lock.hpp"

#include <cstdio>
#include <random>
#include <utility>

namespace feed {
namespace {

const char* kReleaseLua =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

std::string random_token() {
    std::random_device rd;
    char buf[40];
    std::snprintf(buf, sizeof buf, "%08x%08x%08x%08x", rd(), rd(), rd(), rd());
    return buf;
}

}  // namespace

FeedLock::FeedLock(redisContext* redis, std::string key, int ttl_ms, const char* owner)
    : redis_(redis), key_(std::move(key)) {
    if (owner && *owner)
        token_ = std::string(owner) + ":" + random_token();
    else
        token_ = random_token();

    auto* r = static_cast<redisReply*>(
        redisCommand(redis_, "SET %s %s NX PX %d", key_.c_str(), token_.c_str(), ttl_ms));
    if (r == nullptr) return;
    owned_ = r->type == REDIS_REPLY_STATUS && std::string(r->str) == "OK";
    freeReplyObject(r);
    if (!owned_) return;

    std::string fence_key = key_ + ":fence";
    auto* f = static_cast<redisReply*>(redisCommand(redis_, "INCR %s", fence_key.c_str()));
    if (f && f->type == REDIS_REPLY_INTEGER) fence_ = f->integer;
    if (f) freeReplyObject(f);
}

FeedLock::~FeedLock() { release(); }

bool FeedLock::extend(int ttl_ms) {
    if (!owned_) return false;
    auto* r = static_cast<redisReply*>(
        redisCommand(redis_, "PEXPIRE %s %d", key_.c_str(), ttl_ms));
    bool ok = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (r) freeReplyObject(r);
    return ok;
}

void FeedLock::release() {
    if (!owned_) return;
    owned_ = false;
    auto* r = static_cast<redisReply*>(
        redisCommand(redis_, "EVAL %s 1 %s %s", kReleaseLua, key_.c_str(), token_.c_str()));
    if (r) freeReplyObject(r);
}

}  // namespace feed
