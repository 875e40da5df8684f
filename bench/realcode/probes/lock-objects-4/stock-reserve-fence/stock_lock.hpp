#pragma once

#include <hiredis/hiredis.h>

#include <string>

namespace stock {

// Per-SKU lock in Redis with a fencing number from a per-SKU counter.
// Writers must pass fence() to the database so a stale holder is rejected.
class StockLock {
public:
    StockLock(redisContext* redis, const std::string& sku, int ttl_ms);
    ~StockLock();

    StockLock(const StockLock&) = delete;
    StockLock& operator=(const StockLock&) = delete;

    explicit operator bool() const { return held_; }
    long long fence() const { return fence_; }
    void release();

private:
    redisContext* redis_;
    std::string key_;
    std::string token_;
    long long fence_ = 0;
    bool held_ = false;
};

}  // namespace stock
