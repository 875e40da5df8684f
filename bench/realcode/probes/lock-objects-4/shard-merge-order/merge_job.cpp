#include "redis_lock.hpp"
#include "shard_guard.hpp"

#include <deque>
#include <mutex>
#include <string>

namespace shards {
namespace {

std::mutex g_recent_mu;  // recent-merges list shown on this process's status page
std::deque<std::string> g_recent;

void remember(int dst, int src) {
    std::lock_guard<std::mutex> lk(g_recent_mu);
    g_recent.push_back(std::to_string(src) + "->" + std::to_string(dst));
    if (g_recent.size() > 50) g_recent.pop_front();
}

std::string lock_key(int shard) { return "lock:shard:" + std::to_string(shard); }
std::string keys_of(int shard) { return "shard:" + std::to_string(shard) + ":keys"; }

}  // namespace

// Folds shard `src` into shard `dst` and retires `src`.
bool merge_into(redisContext* c, int dst, int src) {
    RedisLock dst_lock(c, lock_key(dst), std::chrono::seconds(30));
    RedisLock src_lock(c, lock_key(src), std::chrono::seconds(30));

    ShardGuard dst_guard(dst_lock);
    if (!dst_guard.held()) return false;
    ShardGuard src_guard(src_lock);
    if (!src_guard.held()) return false;

    auto* r = static_cast<redisReply*>(redisCommand(c, "SUNIONSTORE %s %s %s", keys_of(dst).c_str(),
                                                    keys_of(dst).c_str(), keys_of(src).c_str()));
    bool ok = r && r->type == REDIS_REPLY_INTEGER;
    if (r) freeReplyObject(r);
    if (!ok) return false;

    r = static_cast<redisReply*>(redisCommand(c, "DEL %s", keys_of(src).c_str()));
    if (r) freeReplyObject(r);
    r = static_cast<redisReply*>(redisCommand(c, "DECR shards:count"));
    if (r) freeReplyObject(r);

    remember(dst, src);
    return true;
}

}  // namespace shards
