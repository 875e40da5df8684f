// price_import.cxx -- nightly supplier price feed import.
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include "scoped_lock.hxx"

namespace catalog {

using namespace std::chrono_literals;

namespace {

std::string processTag()
{
    char host[64] = {};
    gethostname(host, sizeof host - 1);
    return std::string(host) + ":" + std::to_string(getpid());
}

// Marks this process as the running importer.
bool markImportRunning(redisContext* ctx, const std::string& tag)
{
    auto* r = static_cast<redisReply*>(
        redisCommand(ctx, "SET import:running %s PX 30000", tag.c_str()));
    if (r == nullptr) return false;
    const bool ok = r->type == REDIS_REPLY_STATUS;
    freeReplyObject(r);
    return ok;
}

void clearImportRunning(redisContext* ctx, const std::string& tag)
{
    auto* r = static_cast<redisReply*>(redisCommand(
        ctx,
        "EVAL %s 1 import:running %s",
        "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end "
        "return 0",
        tag.c_str()));
    if (r != nullptr) freeReplyObject(r);
}

// Claims one supplier feed file so only one importer parses it.
bool claimFeed(redisContext* ctx, const std::string& feedId, const std::string& tag)
{
    auto* r = static_cast<redisReply*>(
        redisCommand(ctx, "SETNX feed:claim:%s %s", feedId.c_str(), tag.c_str()));
    if (r == nullptr) return false;
    const bool won = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    freeReplyObject(r);
    if (!won) return false;
    r = static_cast<redisReply*>(redisCommand(ctx, "EXPIRE feed:claim:%s 300", feedId.c_str()));
    if (r != nullptr) freeReplyObject(r);
    return true;
}

bool applyPrice(redisContext* ctx, const std::string& sku, const std::string& price)
{
    auto* r = static_cast<redisReply*>(
        redisCommand(ctx, "HSET price:%s amount %s", sku.c_str(), price.c_str()));
    if (r == nullptr) return false;
    freeReplyObject(r);
    return true;
}

} // namespace

int importPrices(redisContext* ctx, const std::vector<std::string>& feeds)
{
    const std::string tag = processTag();
    if (!markImportRunning(ctx, tag)) {
        std::cerr << "import: could not mark running\n";
        return -1;
    }

    ScopedRedisLock pricesLock(ctx, "lock:catalog:prices", 60s, 5s);
    if (!pricesLock.owns()) {
        clearImportRunning(ctx, tag);
        return 0;
    }

    int applied = 0;
    for (const std::string& feed : feeds) {
        if (!claimFeed(ctx, feed, tag)) continue;
        if (!pricesLock.extend()) {
            std::cerr << "import: prices lock lost\n";
            break;
        }
        applied += applyPrice(ctx, "sku-" + feed, "0.00") ? 1 : 0;
    }
    clearImportRunning(ctx, tag);
    return applied;
}

} // namespace catalog
