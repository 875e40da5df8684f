#include "redis_lock.hpp"
#include "shard_guard.hpp"

#include <cstdlib>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace shards {
namespace {

std::mutex g_count_mu;

void bump_shard_count(redisContext* c, long delta) {
    std::lock_guard<std::mutex> lk(g_count_mu);
    auto* r = static_cast<redisReply*>(redisCommand(c, "GET shards:count"));
    long n = (r && r->type == REDIS_REPLY_STRING) ? std::strtol(r->str, nullptr, 10) : 0;
    if (r) freeReplyObject(r);
    r = static_cast<redisReply*>(redisCommand(c, "SET shards:count %ld", n + delta));
    if (r) freeReplyObject(r);
}

}  // namespace

// Moves every key of `src` whose hash is odd into the new shard `dst`.
bool split_off(redisContext* c, int src, int dst) {
    std::string src_keys = "shard:" + std::to_string(src) + ":keys";
    std::string dst_keys = "shard:" + std::to_string(dst) + ":keys";
    RedisLock src_lock(c, "lock:shard:" + std::to_string(src), std::chrono::seconds(30));
    RedisLock dst_lock(c, "lock:shard:" + std::to_string(dst), std::chrono::seconds(30));

    ShardGuard src_guard(src_lock);
    if (!src_guard.held()) return false;
    ShardGuard dst_guard(dst_lock);
    if (!dst_guard.held()) return false;

    auto* r = static_cast<redisReply*>(redisCommand(c, "SMEMBERS %s", src_keys.c_str()));
    std::vector<std::string> moving;
    if (r && r->type == REDIS_REPLY_ARRAY) {
        for (size_t i = 0; i < r->elements; ++i) {
            std::string k = r->element[i]->str;
            if (std::hash<std::string>{}(k) & 1u) moving.push_back(k);
        }
    }
    if (r) freeReplyObject(r);

    for (const std::string& k : moving) {
        r = static_cast<redisReply*>(
            redisCommand(c, "SMOVE %s %s %s", src_keys.c_str(), dst_keys.c_str(), k.c_str()));
        if (r) freeReplyObject(r);
    }

    bump_shard_count(c, 1);
    return true;
}

}  // namespace shards
