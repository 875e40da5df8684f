#include "redis_mutex.hpp"

#include <atomic>
#include <chrono>
#include <cstring>
#include <unistd.h>

namespace dedupe {

namespace {

std::atomic<unsigned long> g_seq{0};

std::string freshToken() {
    char host[64] = {0};
    gethostname(host, sizeof host - 1);
    auto now = std::chrono::steady_clock::now().time_since_epoch().count();
    return std::string(host) + ":" + std::to_string(getpid()) + ":" +
           std::to_string(now) + ":" + std::to_string(++g_seq);
}

struct Reply {
    redisReply* r;
    explicit Reply(void* p) : r(static_cast<redisReply*>(p)) {}
    ~Reply() { if (r) freeReplyObject(r); }
};

const char* const kUnlock =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

}  // namespace

RedisMutex::RedisMutex(redisContext* c, std::string key, int ttlMs)
    : c_(c), key_("dedupe:" + std::move(key)), token_(freshToken()), ttlMs_(ttlMs) {}

void RedisMutex::acquire() {
    Reply rep(redisCommand(c_, "SET %s %s NX PX %d", key_.c_str(), token_.c_str(), ttlMs_));
    if (rep.r == nullptr) {
        throw LockError(std::string("redis: ") + c_->errstr);
    }
    if (rep.r->type == REDIS_REPLY_NIL) {
        throw LockBusy(key_ + " is held");
    }
    if (rep.r->type != REDIS_REPLY_STATUS) {
        throw LockError(key_ + ": unexpected reply");
    }
    held_ = true;
}

void RedisMutex::release() noexcept {
    if (!held_) return;
    Reply rep(redisCommand(c_, "EVAL %s 1 %s %s", kUnlock, key_.c_str(), token_.c_str()));
    held_ = false;
}

bool claimTicket(redisContext* c, const std::string& ticketId) {
    Reply rep(redisCommand(c, "SET dedupe:claim:%s worker NX EX 60", ticketId.c_str()));
    return rep.r && rep.r->type == REDIS_REPLY_STATUS;
}

void unclaimTicket(redisContext* c, const std::string& ticketId) {
    Reply rep(redisCommand(c,
        "EVAL %s 1 dedupe:claim:%s worker", kUnlock, ticketId.c_str()));
}

}  // namespace dedupe
