#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include <hiredis/hiredis.h>

namespace recon {

// Single-instance Redis lock.  Every successful acquire also bumps a
// per-lock fencing counter so writers can stamp their updates.
class RedisLock {
public:
    RedisLock(redisContext* ctx, std::string name, std::chrono::milliseconds ttl);

    RedisLock(const RedisLock&) = delete;
    RedisLock& operator=(const RedisLock&) = delete;

    bool tryLock();
    bool tryLockFor(std::chrono::milliseconds budget);
    void lockBlocking();
    bool unlock();

    const std::string& key() const { return key_; }
    const std::string& token() const { return token_; }
    std::int64_t fence() const { return fence_; }

private:
    static std::string randomToken();

    redisContext* ctx_;
    std::string key_;
    std::string fenceKey_;
    std::string token_;
    std::chrono::milliseconds ttl_;
    std::int64_t fence_ = 0;
};

// RAII holder for a lock that has already been acquired.
class HeldLock {
public:
    explicit HeldLock(RedisLock& l) : lock_(&l) {}
    ~HeldLock() { if (lock_) lock_->unlock(); }
    HeldLock(const HeldLock&) = delete;
    HeldLock& operator=(const HeldLock&) = delete;

private:
    RedisLock* lock_;
};

}  // namespace recon
