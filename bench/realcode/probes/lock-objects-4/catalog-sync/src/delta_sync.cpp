#include "catalog/lease.hpp"
#include "catalog/redis_util.hpp"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace catalog {

using Change = std::pair<std::string, std::string>;  // sku, new name
using ChangeFeed = std::function<std::vector<Change>(long long cursor, long long* next)>;

// Applies PIM change events after the stored cursor. One delta worker at a time.
int delta_sync(redisContext* c, const ChangeFeed& feed) {
    if (cmd_int(c, "EXISTS %s", keyf("lock:full-sync").c_str()) == 1) return 0;

    std::string lock = keyf("lock:delta");
    std::string token = new_token();
    if (!cmd_ok(c, "SET %s %s PX %d", lock.c_str(), token.c_str(), 15000)) return 0;

    auto* r = static_cast<redisReply*>(redisCommand(c, "GET %s", keyf("delta:cursor").c_str()));
    long long cursor = (r && r->type == REDIS_REPLY_STRING) ? std::stoll(r->str) : 0;
    if (r) freeReplyObject(r);

    long long next = cursor;
    std::vector<Change> changes = feed(cursor, &next);
    for (const Change& ch : changes)
        cmd_int(c, "HSET %s name %s", keyf("product:%s", ch.first.c_str()).c_str(), ch.second.c_str());
    cmd_ok(c, "SET %s %lld", keyf("delta:cursor").c_str(), next);

    cmd_int(c, "EVAL %s 1 %s %s", kReleaseScript, lock.c_str(), token.c_str());
    return static_cast<int>(changes.size());
}

}  // namespace catalog
