#include "async_lock.hpp"

#include <cstdio>
#include <cstring>
#include <memory>
#include <random>

namespace warm {

static const char kReleaseScript[] =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('DEL', KEYS[1]) else return 0 end";

std::string makeToken()
{
    std::random_device rd;
    std::uniform_int_distribution<unsigned> nibble(0, 15);
    static const char hex[] = "0123456789abcdef";
    std::string out(32, '0');
    for (char &ch : out) ch = hex[nibble(rd)];
    return out;
}

static void onSetReply(redisAsyncContext *, void *r, void *privdata)
{
    std::unique_ptr<LockDone> done(static_cast<LockDone *>(privdata));
    const redisReply *reply = static_cast<const redisReply *>(r);

    if (reply == nullptr || reply->type == REDIS_REPLY_ERROR) {
        (*done)(false, true);
    } else if (reply->type == REDIS_REPLY_STATUS && std::strcmp(reply->str, "OK") == 0) {
        (*done)(true, false);
    } else if (reply->type == REDIS_REPLY_NIL) {
        (*done)(false, false);
    } else {
        (*done)(false, true);
    }
}

void asyncTryLock(redisAsyncContext *ac, const std::string &key,
                  const std::string &token, int ttlMs, LockDone done)
{
    auto *heap = new LockDone(std::move(done));
    int rc = redisAsyncCommand(ac, onSetReply, heap, "SET %s %s NX PX %d",
                               key.c_str(), token.c_str(), ttlMs);
    if (rc != REDIS_OK) {
        (*heap)(false, true);
        delete heap;
    }
}

int submitLockRaw(redisAsyncContext *ac, const char *key, const char *token,
                  int ttlMs, redisCallbackFn *fn, void *privdata)
{
    return redisAsyncCommand(ac, fn, privdata, "SET %s %s NX PX %d", key, token, ttlMs);
}

void releaseAsync(redisAsyncContext *ac, const std::string &key,
                  const std::string &token)
{
    redisAsyncCommand(ac, nullptr, nullptr, "EVAL %s 1 %s %s", kReleaseScript,
                      key.c_str(), token.c_str());
}

void extendAsync(redisAsyncContext *ac, const std::string &key,
                 const std::string &token, int ttlMs)
{
    (void)token;
    redisAsyncCommand(ac, nullptr, nullptr, "PEXPIRE %s %d", key.c_str(), ttlMs);
}

} // namespace warm
