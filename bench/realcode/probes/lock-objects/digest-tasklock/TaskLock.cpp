#include "TaskLock.h"

#include <unistd.h>

#include <chrono>
#include <cstring>

namespace {
const char* const kLockValue = "locked";
const char* const kUnlockScript =
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";
}

bool TaskLock::setOnce(int ttlSec)
{
    redisReply* r = (redisReply*)redisCommand(ctx_, "SET %s %s NX EX %d",
                                              key_.c_str(), kLockValue, ttlSec);
    bool ok = r && r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0;
    if (r) freeReplyObject(r);
    return ok;
}

bool TaskLock::acquire(int waitMs, int ttlSec)
{
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(waitMs);
    for (;;) {
        if (setOnce(ttlSec)) return true;
        if (std::chrono::steady_clock::now() >= deadline) return false;
        usleep(50 * 1000);
    }
}

void TaskLock::releaseImpl()
{
    redisReply* r = (redisReply*)redisCommand(ctx_, "EVAL %s 1 %s %s", kUnlockScript,
                                              key_.c_str(), kLockValue);
    if (r) freeReplyObject(r);
}
