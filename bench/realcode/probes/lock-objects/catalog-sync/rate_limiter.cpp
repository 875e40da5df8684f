#include <ctime>
#include <string>

#include <hiredis/hiredis.h>

namespace catalog {

// Fixed-window limiter for partner catalog pulls: at most `limit` per minute.
bool AllowPartnerPull(redisContext* ctx, const std::string& partner, long limit)
{
    long window = static_cast<long>(time(nullptr) / 60);
    std::string key = "rl:catalog:" + partner + ":" + std::to_string(window);

    redisReply* r = static_cast<redisReply*>(redisCommand(ctx, "INCR %s", key.c_str()));
    if (!r)
        return true;
    long long count = (r->type == REDIS_REPLY_INTEGER) ? r->integer : 0;
    freeReplyObject(r);

    if (count == 1) {
        r = static_cast<redisReply*>(redisCommand(ctx, "EXPIRE %s 120", key.c_str()));
        if (r)
            freeReplyObject(r);
    }
    return count <= limit;
}

} // namespace catalog
