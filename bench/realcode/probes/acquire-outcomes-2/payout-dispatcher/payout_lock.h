// payout_lock.h
//
// Locks around payout batches.  Acquisition failures are reported as
// exceptions so that callers cannot silently carry on:
//   LockUnavailable   - another dispatcher owns the batch
//   LockBackendError  - Redis did not answer or answered with an error
#pragma once

#include <chrono>
#include <stdexcept>
#include <string>

#include <hiredis/hiredis.h>

namespace payouts {

class LockUnavailable : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class LockBackendError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Throws LockUnavailable / LockBackendError; returns the owner token.
std::string acquireToken(redisContext *ctx, const std::string &key, std::chrono::milliseconds ttl);
// Compare-and-delete; never throws.
void releaseToken(redisContext *ctx, const std::string &key, const std::string &token) noexcept;

// Scoped form: the constructor acquires (or throws), the destructor releases.
class ScopedPayoutLock {
public:
    ScopedPayoutLock(redisContext *ctx, std::string key, std::chrono::milliseconds ttl);
    ~ScopedPayoutLock();
    ScopedPayoutLock(const ScopedPayoutLock &) = delete;
    ScopedPayoutLock &operator=(const ScopedPayoutLock &) = delete;

    const std::string &token() const { return token_; }

private:
    redisContext *ctx_;
    std::string key_;
    std::string token_;
};

// Operator switch that pauses all dispatchers; returns false if already set.
bool enterMaintenance(redisContext *ctx, const std::string &operatorId);
void leaveMaintenance(redisContext *ctx);

}  // namespace payouts
