#include "feed/feed_lock.hpp"
#include "feed/keyfmt.hpp"

#include <hiredis/hiredis.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace feed {

// Item ids look like "<unix-ms>-<seq>"; drop everything older than the cutoff.
int compact_shard(redisContext* c, int shard, long long cutoff_ms) {
    FeedLock lock(c, keyf("lock:ingest:%d", shard), 120000);

    std::string items = keyf("items:%d", shard);
    auto* r = static_cast<redisReply*>(redisCommand(c, "HKEYS %s", items.c_str()));
    if (r == nullptr) return -1;

    std::vector<std::string> victims;
    if (r->type == REDIS_REPLY_ARRAY) {
        for (size_t i = 0; i < r->elements; ++i) {
            const char* id = r->element[i]->str;
            if (std::strtoll(id, nullptr, 10) < cutoff_ms) victims.emplace_back(id);
        }
    }
    freeReplyObject(r);
    if (victims.empty()) return 0;

    int removed = 0;
    for (const std::string& id : victims) {
        r = static_cast<redisReply*>(redisCommand(c, "HDEL %s %s", items.c_str(), id.c_str()));
        if (r && r->type == REDIS_REPLY_INTEGER) removed += static_cast<int>(r->integer);
        if (r) freeReplyObject(r);
    }
    return removed;
}

}  // namespace feed
