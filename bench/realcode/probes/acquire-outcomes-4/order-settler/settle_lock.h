#pragma once

#include <chrono>
#include <stdexcept>
#include <string>

#include <hiredis/hiredis.h>

namespace settle {

struct LockBusy : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct LockUnavailable : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class SettlementLock {
public:
    SettlementLock(redisContext *ctx, const std::string &orderId);

    // Throws LockBusy if another settler holds the order and
    // LockUnavailable if redis could not be asked.
    void acquire(std::chrono::milliseconds ttl);
    void release() noexcept;
    bool held() const noexcept { return !token_.empty(); }

private:
    redisContext *ctx_;
    std::string key_;
    std::string token_;
};

// Scoped acquisition that never throws; check owns() before doing work.
class SettlementGuard {
public:
    SettlementGuard(SettlementLock &lock, std::chrono::milliseconds ttl) noexcept;
    ~SettlementGuard();

    SettlementGuard(const SettlementGuard &) = delete;
    SettlementGuard &operator=(const SettlementGuard &) = delete;

    bool owns() const noexcept { return owns_; }

private:
    SettlementLock &lock_;
    bool owns_ = false;
};

}  // namespace settle
