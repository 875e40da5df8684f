#include "warmer.hpp"
#include "async_lock.hpp"

#include <cstdio>
#include <cstring>
#include <memory>

namespace warm {

namespace {

struct PendingLease {
    redisAsyncContext *ac;
    std::string key;
    std::string token;
};

void onPrimeReply(redisAsyncContext *ac, void *r, void *privdata)
{
    std::unique_ptr<PendingLease> lease(static_cast<PendingLease *>(privdata));
    redisReply *reply = static_cast<redisReply *>(r);
    if (reply == nullptr) {
        std::fprintf(stderr, "prime: connection dropped before lock answer\n");
        return;
    }
    primeHotKeys();
    releaseAsync(ac, lease->key, lease->token);
}

void onTrimReply(redisAsyncContext *ac, void *r, void *privdata)
{
    std::unique_ptr<PendingLease> lease(static_cast<PendingLease *>(privdata));
    redisReply *reply = static_cast<redisReply *>(r);
    if (reply != nullptr && reply->type == REDIS_REPLY_STATUS &&
        std::strcmp(reply->str, "OK") == 0) {
        trimColdKeys();
        releaseAsync(ac, lease->key, lease->token);
    }
}

void onWarmAllReply(redisAsyncContext *, void *r, void *)
{
    redisReply *reply = static_cast<redisReply *>(r);
    if (reply == nullptr || reply->type != REDIS_REPLY_STATUS)
        std::fprintf(stderr, "warm-all: lease not granted\n");
}

} // namespace

void warmRegion(redisAsyncContext *ac, const std::string &region)
{
    const std::string key = "lease:warm:" + region;
    const std::string tok = makeToken();
    asyncTryLock(ac, key, tok, 60000, [ac, key, tok, region](bool held, bool failed) {
        if (failed || !held)
            return;
        loadRegion(region);
        releaseAsync(ac, key, tok);
    });
}

void warmLarge(redisAsyncContext *ac, const std::string &region)
{
    const std::string key = "lease:warm:" + region;
    const std::string tok = makeToken();
    asyncTryLock(ac, key, tok, 20000, [ac, key, tok, region](bool held, bool failed) {
        if (!held || failed)
            return;
        const int n = chunkCount(region);
        for (int i = 0; i < n; ++i) {
            loadChunk(region, i);
            extendAsync(ac, key, tok, 20000);
        }
        releaseAsync(ac, key, tok);
    });
}

void warmAll(redisAsyncContext *ac)
{
    const std::string tok = makeToken();
    if (submitLockRaw(ac, "lease:warm:all", tok.c_str(), 120000, onWarmAllReply, nullptr) == REDIS_OK) {
        loadEverything();
        releaseAsync(ac, "lease:warm:all", tok);
    }
}

void primeHot(redisAsyncContext *ac)
{
    auto *lease = new PendingLease{ac, "lease:warm:hot", makeToken()};
    if (submitLockRaw(ac, lease->key.c_str(), lease->token.c_str(), 30000, onPrimeReply, lease) != REDIS_OK)
        delete lease;
}

void trimCold(redisAsyncContext *ac)
{
    auto *lease = new PendingLease{ac, "lease:warm:cold", makeToken()};
    if (submitLockRaw(ac, lease->key.c_str(), lease->token.c_str(), 30000, onTrimReply, lease) != REDIS_OK)
        delete lease;
}

} // namespace warm
