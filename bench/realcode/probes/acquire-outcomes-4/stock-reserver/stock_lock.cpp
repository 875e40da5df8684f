#include "stock_lock.h"

#include <cstdio>
#include <random>

namespace inventory {

static const char *kReleaseLua =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) end return 0";

static std::string randomToken() {
    static thread_local std::random_device rd;
    char buf[33];
    std::snprintf(buf, sizeof buf, "%08x%08x%08x%08x", rd(), rd(), rd(), rd());
    return buf;
}

SkuLock::SkuLock(redisContext *c, const std::string &sku, int ttlMs)
    : c_(c), key_("stock:lock:" + sku), ttlMs_(ttlMs) {}

std::optional<std::string> SkuLock::tryAcquire() {
    std::string token = randomToken();
    redisReply *r = static_cast<redisReply *>(redisCommand(c_, "SET %s %s NX PX %d", key_.c_str(), token.c_str(), ttlMs_));
    if (!r)
        return std::nullopt;

    std::optional<std::string> out;
    switch (r->type) {
    case REDIS_REPLY_STATUS:
        out = token;
        break;
    case REDIS_REPLY_NIL:
        break;
    default:
        std::fprintf(stderr, "stock lock %s: %s\n", key_.c_str(),
                     r->type == REDIS_REPLY_ERROR ? r->str : "unexpected reply");
        break;
    }
    freeReplyObject(r);
    return out;
}

bool SkuLock::release(const std::string &token) {
    redisReply *r = static_cast<redisReply *>(redisCommand(c_, "EVAL %s 1 %s %s", kReleaseLua, key_.c_str(), token.c_str()));
    if (!r)
        return false;
    bool ok = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    freeReplyObject(r);
    return ok;
}

bool SkuLock::acquireForAudit() {
    redisReply *r = static_cast<redisReply *>(redisCommand(c_, "SET %s audit NX PX %d", key_.c_str(), ttlMs_));
    if (!r)
        return false;
    bool ok = r->type == REDIS_REPLY_STATUS;
    freeReplyObject(r);
    return ok;
}

void SkuLock::releaseAudit() {
    redisReply *r = static_cast<redisReply *>(redisCommand(c_, "DEL %s", key_.c_str()));
    if (r)
        freeReplyObject(r);
}

}  // namespace inventory
