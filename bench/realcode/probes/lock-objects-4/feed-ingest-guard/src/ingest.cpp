#include "feed/feed_lock.hpp"
#include "feed/keyfmt.hpp"

#include <hiredis/hiredis.h>

#include <mutex>
#include <string>
#include <vector>

namespace feed {

struct Item {
    std::string id;
    std::string body;
};

namespace {

std::mutex g_pool_mu;  // guards the free list below, nothing else
std::vector<redisContext*> g_pool;

redisContext* borrow() {
    std::lock_guard<std::mutex> lk(g_pool_mu);
    if (g_pool.empty()) return redisConnect("redis.feed.svc", 6379);
    redisContext* c = g_pool.back();
    g_pool.pop_back();
    return c;
}

void give_back(redisContext* c) {
    std::lock_guard<std::mutex> lk(g_pool_mu);
    g_pool.push_back(c);
}

// KEYS[1] items hash, KEYS[2] highest fence written; ARGV fence, field, value
const char* kFencedHset =
    "local f = tonumber(redis.call('get', KEYS[2]) or '0') "
    "if tonumber(ARGV[1]) < f then return 0 end "
    "redis.call('set', KEYS[2], ARGV[1]) "
    "redis.call('hset', KEYS[1], ARGV[2], ARGV[3]) return 1";

}  // namespace

int ingest_shard(int shard, const std::vector<Item>& batch) {
    redisContext* c = borrow();
    FeedLock lock(c, keyf("lock:ingest:%d", shard), 30000, "ingest");
    if (!lock.owned()) {
        give_back(c);
        return 0;  // another replica is on this shard
    }

    std::string stats = keyf("stats:batch:%d", shard);
    auto* r = static_cast<redisReply*>(redisCommand(c, "SET %s %zu EX 60", stats.c_str(), batch.size()));
    if (r) freeReplyObject(r);

    int written = 0;
    for (const Item& it : batch) {
        r = static_cast<redisReply*>(redisCommand(
            c, "EVAL %s 2 %s %s %lld %s %s", kFencedHset, keyf("items:%d", shard).c_str(),
            keyf("items:%d:fence", shard).c_str(), static_cast<long long>(lock.fence()),
            it.id.c_str(), it.body.c_str()));
        bool stale = r && r->type == REDIS_REPLY_INTEGER && r->integer == 0;
        if (r) freeReplyObject(r);
        if (stale) break;
        if (++written % 500 == 0 && !lock.extend(30000)) break;
    }

    if (!batch.empty()) {
        std::string head = keyf("head:%d", shard);
        r = static_cast<redisReply*>(redisCommand(c, "SET %s %s", head.c_str(), batch.back().id.c_str()));
        if (r) freeReplyObject(r);
    }

    lock.release();
    give_back(c);
    return written;
}

}  // namespace feed
