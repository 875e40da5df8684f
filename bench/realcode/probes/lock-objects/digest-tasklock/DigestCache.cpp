#include <string>

#include <hiredis/hiredis.h>

class DigestCache {
public:
    explicit DigestCache(redisContext* ctx) : ctx_(ctx) {}

    bool get(const std::string& userId, std::string* out)
    {
        redisReply* r = (redisReply*)redisCommand(ctx_, "GET digest:cache:%s", userId.c_str());
        bool hit = r && r->type == REDIS_REPLY_STRING;
        if (hit) out->assign(r->str, r->len);
        if (r) freeReplyObject(r);
        return hit;
    }

    void put(const std::string& userId, const std::string& html)
    {
        redisReply* r = (redisReply*)redisCommand(ctx_, "SET digest:cache:%s %b EX 60",
                                                  userId.c_str(), html.data(), html.size());
        if (r) freeReplyObject(r);
    }

private:
    redisContext* ctx_;
};

bool DigestCacheLookup(redisContext* ctx, const std::string& userId, std::string* html)
{
    DigestCache cache(ctx);
    return cache.get(userId, html);
}

void DigestCacheStore(redisContext* ctx, const std::string& userId, const std::string& html)
{
    DigestCache cache(ctx);
    cache.put(userId, html);
}
