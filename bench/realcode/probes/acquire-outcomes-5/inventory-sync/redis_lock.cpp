#include "redis_lock.hpp"

#include <cstdio>
#include <cstring>
#include <random>
#include <utility>

namespace inv {

namespace {

std::string freshToken() {
    static thread_local std::mt19937_64 gen{std::random_device{}()};
    char buf[40];
    std::snprintf(buf, sizeof buf, "%016llx%016llx",
                  static_cast<unsigned long long>(gen()),
                  static_cast<unsigned long long>(gen()));
    return buf;
}

const char *kCompareAndDelete =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "  return redis.call('del', KEYS[1]) "
    "end "
    "return 0";

const char *kCompareAndHset =
    "if redis.call('get', KEYS[1]) ~= ARGV[1] then return -1 end "
    "return redis.call('hset', KEYS[2], ARGV[2], ARGV[3])";

} // namespace

const char *toString(LockStatus s) {
    switch (s) {
    case LockStatus::Held: return "held";
    case LockStatus::Busy: return "busy";
    case LockStatus::Failed: return "failed";
    }
    return "?";
}

RedisLock::RedisLock(redisContext *ctx, std::string key, int ttlMs)
    : ctx_(ctx), key_(std::move(key)), ttlMs_(ttlMs) {}

LockStatus RedisLock::tryAcquire() {
    token_ = freshToken();
    auto *reply = static_cast<redisReply *>(redisCommand(
        ctx_, "SET %s %s NX PX %d", key_.c_str(), token_.c_str(), ttlMs_));
    if (reply == nullptr) {
        token_.clear();
        return LockStatus::Failed;
    }
    LockStatus st = LockStatus::Failed;
    if (reply->type == REDIS_REPLY_STATUS && std::strcmp(reply->str, "OK") == 0) {
        st = LockStatus::Held;
    } else if (reply->type == REDIS_REPLY_NIL) {
        st = LockStatus::Busy;
    }
    freeReplyObject(reply);
    if (st != LockStatus::Held) token_.clear();
    return st;
}

bool RedisLock::release() {
    if (token_.empty()) return false;
    auto *reply = static_cast<redisReply *>(redisCommand(
        ctx_, "EVAL %s 1 %s %s", kCompareAndDelete, key_.c_str(), token_.c_str()));
    bool ok = reply != nullptr && reply->type == REDIS_REPLY_INTEGER && reply->integer == 1;
    if (reply) freeReplyObject(reply);
    token_.clear();
    return ok;
}

bool RedisLock::guardedHset(const std::string &hashKey, const std::string &field,
                            const std::string &value) {
    if (token_.empty()) return false;
    auto *reply = static_cast<redisReply *>(redisCommand(
        ctx_, "EVAL %s 2 %s %s %s %s %s", kCompareAndHset, key_.c_str(),
        hashKey.c_str(), token_.c_str(), field.c_str(), value.c_str()));
    bool ok = reply != nullptr && reply->type == REDIS_REPLY_INTEGER && reply->integer >= 0;
    if (reply) freeReplyObject(reply);
    return ok;
}

} // namespace inv
