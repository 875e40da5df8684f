#include "settler.h"

#include <chrono>
#include <cstdio>

#include "settle_lock.h"

namespace settle {

using namespace std::chrono_literals;

bool Settler::settle(const std::string &orderId) {
    SettlementLock lock(redis_, orderId);
    try {
        lock.acquire(20s);
    } catch (const LockBusy &) {
        return false;
    } catch (const LockUnavailable &e) {
        std::fprintf(stderr, "settle %s: %s\n", orderId.c_str(), e.what());
        return false;
    }

    bool ok = payments_.capture(orderId);
    lock.release();
    return ok;
}

bool Settler::refund(const std::string &orderId, long cents) {
    SettlementLock lock(redis_, orderId);
    try {
        lock.acquire(20s);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "refund %s: lock: %s\n", orderId.c_str(), e.what());
    }

    bool ok = payments_.refund(orderId, cents);
    lock.release();
    return ok;
}

bool Settler::capturePartial(const std::string &orderId, long cents) {
    SettlementLock lock(redis_, orderId);
    SettlementGuard guard(lock, 20s);
    if (!guard.owns())
        return false;
    return payments_.capturePartial(orderId, cents);
}

void Settler::voidOrder(const std::string &orderId) {
    SettlementLock lock(redis_, orderId);
    try {
        lock.acquire(10s);
        payments_.voidAuth(orderId);
        lock.release();
    } catch (const LockBusy &) {
        queue_.retryLater(orderId);
    } catch (...) {
        lock.release();
        throw;
    }
}

}  // namespace settle
