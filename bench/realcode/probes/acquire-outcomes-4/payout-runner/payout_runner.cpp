#include "payout_runner.h"

#include <cstdio>

#include "payout_lock.h"

namespace payouts {

PayoutRunner::PayoutRunner(redisContext *ctx, Ledger &ledger)
    : ctx_(ctx), ledger_(ledger) {}

int PayoutRunner::runBatch(const std::string &batchId) {
    PayoutLock lock(ctx_, "payout:batch:" + batchId, 60000);
    switch (lock.tryLock()) {
    case LockResult::Acquired:
        break;
    case LockResult::Busy:
        std::fprintf(stderr, "batch %s already running elsewhere\n", batchId.c_str());
        return 0;
    case LockResult::Error:
        std::fprintf(stderr, "redis error locking batch %s\n", batchId.c_str());
        return -1;
    }

    int sent = 0;
    for (const auto &p : ledger_.pendingPayouts(batchId)) {
        if (ledger_.markSent(p.id))
            ++sent;
    }
    lock.unlock();
    return sent;
}

int PayoutRunner::retryFailed(const std::string &batchId) {
    PayoutLock lock(ctx_, "payout:batch:" + batchId, 60000);
    if (lock.tryLock() == LockResult::Busy) {
        std::fprintf(stderr, "batch %s busy, retry skipped\n", batchId.c_str());
        return 0;
    }

    int retried = 0;
    for (const auto &p : ledger_.failedPayouts(batchId)) {
        if (ledger_.markSent(p.id))
            ++retried;
    }
    lock.unlock();
    return retried;
}

bool PayoutRunner::settleMerchant(const std::string &merchantId) {
    PayoutLock lock(ctx_, "payout:merchant:" + merchantId, 30000);
    if (lock.tryLock() != LockResult::Acquired)
        return false;

    long balance = ledger_.balance(merchantId);
    if (balance <= 0) {
        std::fprintf(stderr, "merchant %s has nothing to settle\n", merchantId.c_str());
        return true;
    }
    bool ok = ledger_.transfer(merchantId, balance);
    lock.unlock();
    return ok;
}

int PayoutRunner::sweepStale() {
    PayoutLock lock(ctx_, "payout:sweep", 20000);
    LockResult res = lock.tryLock();
    if (res == LockResult::Busy || res == LockResult::Error)
        return 0;

    int swept = 0;
    for (const auto &p : ledger_.stalePayouts()) {
        ledger_.cancel(p.id);
        if (++swept % 100 == 0 && !lock.extend(20000))
            break;
    }
    lock.unlock();
    return swept;
}

}  // namespace payouts
