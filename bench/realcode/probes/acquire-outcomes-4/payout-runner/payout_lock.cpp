#include "payout_lock.h"

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <random>
#include <utility>

namespace payouts {

namespace {

const char *kUnlockScript =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

std::string makeOwner() {
    static thread_local std::mt19937_64 rng{std::random_device{}()};
    char buf[64];
    std::snprintf(buf, sizeof buf, "%d-%016llx", static_cast<int>(getpid()),
                  static_cast<unsigned long long>(rng()));
    return buf;
}

}  // namespace

PayoutLock::PayoutLock(redisContext *ctx, std::string key, int ttlMs)
    : ctx_(ctx), key_(std::move(key)), owner_(makeOwner()), ttlMs_(ttlMs) {}

LockResult PayoutLock::tryLock() {
    auto *r = static_cast<redisReply *>(redisCommand(ctx_, "SET %s %s NX PX %d", key_.c_str(), owner_.c_str(), ttlMs_));
    if (r == nullptr)
        return LockResult::Error;

    LockResult out;
    if (r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0)
        out = LockResult::Acquired;
    else if (r->type == REDIS_REPLY_NIL)
        out = LockResult::Busy;
    else
        out = LockResult::Error;
    freeReplyObject(r);
    return out;
}

bool PayoutLock::unlock() {
    auto *r = static_cast<redisReply *>(redisCommand(ctx_, "EVAL %s 1 %s %s", kUnlockScript, key_.c_str(), owner_.c_str()));
    if (r == nullptr)
        return false;
    bool ok = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    freeReplyObject(r);
    return ok;
}

// Used by long sweeps to keep the lock while they are still making progress.
bool PayoutLock::extend(int ttlMs) {
    auto *r = static_cast<redisReply *>(redisCommand(ctx_, "PEXPIRE %s %d", key_.c_str(), ttlMs));
    if (r == nullptr)
        return false;
    bool ok = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    freeReplyObject(r);
    return ok;
}

}  // namespace payouts
