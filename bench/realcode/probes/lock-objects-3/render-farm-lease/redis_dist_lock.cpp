#include "redis_dist_lock.hpp"

#include <cstdio>
#include <random>
#include <unistd.h>

namespace farm {

namespace {

const char* const kRefreshLua =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "  return redis.call('pexpire', KEYS[1], ARGV[2]) "
    "end "
    "return 0";

struct ReplyFree {
    void operator()(redisReply* r) const {
        if (r != nullptr) freeReplyObject(r);
    }
};
using Reply = std::unique_ptr<redisReply, ReplyFree>;

Reply asReply(void* raw) { return Reply(static_cast<redisReply*>(raw)); }

}  // namespace

RedisDistLock::RedisDistLock(std::shared_ptr<redisContext> conn, std::string name,
                             std::chrono::milliseconds ttl)
    : conn_(std::move(conn)),
      name_(std::move(name)),
      key_("farm:lock:" + name_),
      ttl_(ttl) {}

RedisDistLock::~RedisDistLock() {
    if (held_) unlock();
}

std::string RedisDistLock::makeToken() const {
    static thread_local std::mt19937_64 rng{std::random_device{}()};
    char host[64] = {0};
    gethostname(host, sizeof host - 1);
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s:%ld:%016llx", host, static_cast<long>(getpid()),
                  static_cast<unsigned long long>(rng()));
    return buf;
}

bool RedisDistLock::tryLock() {
    std::string candidate = makeToken();
    Reply r = asReply(redisCommand(conn_.get(), "SET %s %s NX PX %lld", key_.c_str(),
                                   candidate.c_str(), static_cast<long long>(ttl_.count())));
    if (!r || r->type != REDIS_REPLY_STATUS) {
        // nil reply: held by someone else; null: connection trouble
        return false;
    }
    token_ = std::move(candidate);
    held_ = true;
    return true;
}

bool RedisDistLock::refresh() {
    if (!held_) return false;
    Reply r = asReply(redisCommand(conn_.get(), "EVAL %s 1 %s %s %lld", kRefreshLua,
                                   key_.c_str(), token_.c_str(),
                                   static_cast<long long>(ttl_.count())));
    if (!r || r->type != REDIS_REPLY_INTEGER || r->integer != 1) {
        held_ = false;
        return false;
    }
    return true;
}

void RedisDistLock::unlock() {
    if (!held_) return;
    held_ = false;
    Reply r = asReply(redisCommand(conn_.get(), "DEL %s", key_.c_str()));
    if (!r) {
        std::fprintf(stderr, "farm: unlock %s: %s\n", name_.c_str(), conn_->errstr);
    }
    token_.clear();
}

}  // namespace farm
