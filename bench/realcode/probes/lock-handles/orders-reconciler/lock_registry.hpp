#pragma once

#include <memory>

#include <hiredis/hiredis.h>

#include "redis_lock.hpp"

namespace recon {

// Process-wide owner of the reconciler's Redis connection and its locks.
class LockRegistry {
public:
    static LockRegistry& instance();

    redisContext* redis() { return ctx_; }
    RedisLock& accountsLock() { return *accounts_; }
    RedisLock& ledgerLock() { return *ledger_; }

private:
    LockRegistry();
    ~LockRegistry();

    redisContext* ctx_;
    std::unique_ptr<RedisLock> accounts_;
    std::unique_ptr<RedisLock> ledger_;
};

}  // namespace recon
