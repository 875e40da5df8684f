#pragma once
//
// RedisMutex: exclusive lock over a single Redis key.
//
// acquire() returns normally only when the lock is ours; it throws
//   LockBusy   -- the key is held by another worker
//   LockError  -- Redis unreachable or replied with an error
//
#include <hiredis/hiredis.h>

#include <stdexcept>
#include <string>

namespace dedupe {

struct LockError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct LockBusy : LockError {
    using LockError::LockError;
};

class RedisMutex {
public:
    RedisMutex(redisContext* c, std::string key, int ttlMs = 20000);

    void acquire();
    void release() noexcept;
    bool held() const { return held_; }

private:
    redisContext* c_;
    std::string key_;
    std::string token_;
    int ttlMs_;
    bool held_ = false;
};

// Scoped acquire/release.
class MutexGuard {
public:
    explicit MutexGuard(RedisMutex& m) : m_(m) { m_.acquire(); }
    ~MutexGuard() { m_.release(); }
    MutexGuard(const MutexGuard&) = delete;
    MutexGuard& operator=(const MutexGuard&) = delete;

private:
    RedisMutex& m_;
};

// Older claim API kept for the mail ingester.
bool claimTicket(redisContext* c, const std::string& ticketId);
void unclaimTicket(redisContext* c, const std::string& ticketId);

}  // namespace dedupe
