// Sends payout batches to the bank connector.  Dispatchers run in three
// regions; a batch must be submitted by exactly one of them.
#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "payout_lock.h"

namespace payouts {

class BankConnector {
public:
    virtual ~BankConnector() = default;
    virtual int submit(const std::string &batchId) = 0;
    virtual int resubmitFailed(const std::string &batchId) = 0;
    virtual bool cancel(const std::string &batchId) = 0;
};

class Dispatcher {
public:
    Dispatcher(redisContext *ctx, BankConnector &bank) : ctx_(ctx), bank_(bank) {}

    bool dispatchBatch(const std::string &batchId);
    int retryFailed(const std::string &batchId);
    bool cancelBatch(const std::string &batchId);

private:
    static std::string keyFor(const std::string &batchId) { return "payouts:batch:" + batchId; }

    redisContext *ctx_;
    BankConnector &bank_;
    std::chrono::milliseconds ttl_{60000};
};

bool Dispatcher::dispatchBatch(const std::string &batchId) {
    try {
        ScopedPayoutLock lock(ctx_, keyFor(batchId), ttl_);
        const int sent = bank_.submit(batchId);
        std::cerr << "batch " << batchId << ": submitted " << sent << " payouts\n";
        return sent >= 0;
    } catch (const LockUnavailable &e) {
        std::cerr << "batch " << batchId << ": " << e.what() << '\n';
        return false;
    } catch (const LockBackendError &e) {
        std::cerr << "batch " << batchId << ": lock backend: " << e.what() << '\n';
        return false;
    }
}

int Dispatcher::retryFailed(const std::string &batchId) {
    std::unique_ptr<ScopedPayoutLock> lock;
    try {
        lock = std::make_unique<ScopedPayoutLock>(ctx_, keyFor(batchId), ttl_);
    } catch (const LockUnavailable &e) {
        std::cerr << "retry " << batchId << ": " << e.what() << '\n';
    }
    const int resent = bank_.resubmitFailed(batchId);
    std::cerr << "retry " << batchId << ": resent " << resent << '\n';
    return resent;
}

bool Dispatcher::cancelBatch(const std::string &batchId) {
    std::optional<ScopedPayoutLock> lock;
    try {
        lock.emplace(ctx_, keyFor(batchId), ttl_);
    } catch (const LockUnavailable &) {
        return false;  // a dispatcher is mid-submit; cancel after it finishes
    } catch (const LockBackendError &e) {
        std::cerr << "cancel " << batchId << ": redis unavailable (" << e.what() << ")\n";
    }
    return bank_.cancel(batchId);
}

}  // namespace payouts
