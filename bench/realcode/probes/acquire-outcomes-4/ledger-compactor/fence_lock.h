#pragma once

#include <string>

#include <hiredis/hiredis.h>

// Lock plus a monotonically increasing fencing token.  Storage rejects
// writes carrying a token lower than the highest one it has seen.
class FencedLock {
public:
    FencedLock(redisContext *rc, const std::string &resource, int ttlMs);

    // > 0  lock held; the value is the fencing token for downstream writes
    //   0  held by another compactor
    // < 0  redis unavailable or protocol error
    long long acquire();
    void release();

private:
    redisContext *rc_;
    std::string key_;
    std::string fenceKey_;
    std::string owner_;
    int ttlMs_;
};
