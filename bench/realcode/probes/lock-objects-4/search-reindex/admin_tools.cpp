#include "reindex_lock.hpp"

#include <hiredis/hiredis.h>

#include <string>

namespace search {

// Operator command: drop a reindex lock, given the token the job printed at start.
bool force_unlock(redisContext* c, const std::string& index, const std::string& token) {
    std::string key = "reindex:lock:" + index;

    auto* r = static_cast<redisReply*>(redisCommand(c, "GET %s", key.c_str()));
    bool match = r && r->type == REDIS_REPLY_STRING && token == r->str;
    if (r) freeReplyObject(r);
    if (!match) return false;

    r = static_cast<redisReply*>(redisCommand(c, "DEL %s", key.c_str()));
    bool deleted = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (r) freeReplyObject(r);
    return deleted;
}

// One line for the ops dashboard: who holds the lock and for how long.
std::string lock_status(redisContext* c, const std::string& index) {
    std::string key = "reindex:lock:" + index;
    std::string out = index + ": ";

    auto* r = static_cast<redisReply*>(redisCommand(c, "GET %s", key.c_str()));
    out += (r && r->type == REDIS_REPLY_STRING) ? r->str : "free";
    if (r) freeReplyObject(r);

    r = static_cast<redisReply*>(redisCommand(c, "TTL %s", key.c_str()));
    if (r && r->type == REDIS_REPLY_INTEGER) out += " ttl=" + std::to_string(r->integer);
    if (r) freeReplyObject(r);
    return out;
}

// Dashboard doc counts are cached for two minutes.
void cache_doc_count(redisContext* c, const std::string& index, long long count) {
    auto* r = static_cast<redisReply*>(
        redisCommand(c, "SET search:count:%s %lld EX 120", index.c_str(), count));
    if (r) freeReplyObject(r);
}

}  // namespace search
