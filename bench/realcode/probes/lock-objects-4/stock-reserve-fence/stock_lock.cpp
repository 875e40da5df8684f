#include "stock_lock.hpp"

#include <cstdio>
#include <cstring>
#include <random>

namespace stock {

StockLock::StockLock(redisContext* redis, const std::string& sku, int ttl_ms)
    : redis_(redis), key_("stock:lock:" + sku) {
    std::random_device rd;
    char buf[40];
    std::snprintf(buf, sizeof buf, "%08x%08x%08x%08x", rd(), rd(), rd(), rd());
    token_ = buf;

    auto* r = static_cast<redisReply*>(
        redisCommand(redis_, "SET %s %s NX PX %d", key_.c_str(), token_.c_str(), ttl_ms));
    held_ = r && r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0;
    if (r) freeReplyObject(r);
    if (!held_) return;

    r = static_cast<redisReply*>(redisCommand(redis_, "INCR stock:fence:%s", sku.c_str()));
    if (r && r->type == REDIS_REPLY_INTEGER) fence_ = r->integer;
    if (r) freeReplyObject(r);
    if (fence_ == 0) release();
}

StockLock::~StockLock() { release(); }

void StockLock::release() {
    if (!held_) return;
    held_ = false;
    auto* r = static_cast<redisReply*>(redisCommand(redis_, "DEL %s", key_.c_str()));
    if (r) freeReplyObject(r);
}

}  // namespace stock
