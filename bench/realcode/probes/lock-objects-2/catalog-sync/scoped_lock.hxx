// scoped_lock.hxx -- RAII Redis lock for catalog jobs.
#pragma once

#include <chrono>
#include <string>

#include <hiredis/hiredis.h>

namespace catalog {

class ScopedRedisLock {
public:
    // Tries SET NX PX until `wait` elapses. Check owns() before doing work.
    ScopedRedisLock(redisContext* ctx, std::string key, std::chrono::milliseconds ttl,
                    std::chrono::milliseconds wait);
    ~ScopedRedisLock();

    ScopedRedisLock(const ScopedRedisLock&) = delete;
    ScopedRedisLock& operator=(const ScopedRedisLock&) = delete;

    bool owns() const noexcept { return owned_; }
    explicit operator bool() const noexcept { return owned_; }

    // Compare-and-pexpire; clears ownership when the lock was lost.
    bool extend();

private:
    redisContext* ctx_;
    std::string key_;
    std::string token_;
    std::chrono::milliseconds ttl_;
    bool owned_ = false;
};

} // namespace catalog
