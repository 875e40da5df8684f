#pragma once

#include <string>

#include <hiredis/hiredis.h>

namespace payouts {

enum class LockResult { Acquired, Busy, Error };

// Redis-backed mutual exclusion for payout batches and merchants.
// One instance per critical section; the owner id is generated per instance.
class PayoutLock {
public:
    PayoutLock(redisContext *ctx, std::string key, int ttlMs);

    LockResult tryLock();
    bool unlock();
    bool extend(int ttlMs);

    const std::string &key() const { return key_; }

private:
    redisContext *ctx_;
    std::string key_;
    std::string owner_;
    int ttlMs_;
};

}  // namespace payouts
