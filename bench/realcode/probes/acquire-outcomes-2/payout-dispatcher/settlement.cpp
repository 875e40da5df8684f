// End-of-day settlement and reconciliation against the bank statement.
#include <chrono>
#include <iostream>
#include <stdexcept>
#include <string>

#include "payout_lock.h"

namespace payouts {

class SettlementError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Ledger {
public:
    virtual ~Ledger() = default;
    virtual bool isClosed(const std::string &day) = 0;
    virtual int settle(const std::string &day) = 0;
    virtual int reconcileEntries(const std::string &day) = 0;
    virtual void close(const std::string &day) = 0;
};

class Settlement {
public:
    Settlement(redisContext *ctx, Ledger &ledger) : ctx_(ctx), ledger_(ledger) {}

    int settleDay(const std::string &day);
    int reconcile(const std::string &day);

private:
    redisContext *ctx_;
    Ledger &ledger_;
    std::chrono::milliseconds ttl_{300000};
};

int Settlement::settleDay(const std::string &day) {
    const std::string key = "payouts:settle:" + day;
    std::string token;
    try {
        token = acquireToken(ctx_, key, ttl_);
    } catch (const LockUnavailable &e) {
        std::cerr << "settle " << day << ": " << e.what() << '\n';
        return 0;
    }

    if (ledger_.isClosed(day)) {
        throw SettlementError("day " + day + " is already closed");
    }
    const int settled = ledger_.settle(day);
    ledger_.close(day);
    releaseToken(ctx_, key, token);
    return settled;
}

int Settlement::reconcile(const std::string &day) {
    const std::string key = "payouts:reconcile:" + day;
    std::string token;
    try {
        token = acquireToken(ctx_, key, ttl_);
    } catch (const LockUnavailable &e) {
        std::cerr << "reconcile " << day << ": " << e.what() << '\n';
        return 0;
    }

    int matched = 0;
    try {
        matched = ledger_.reconcileEntries(day);
    } catch (...) {
        releaseToken(ctx_, key, token);
        throw;
    }
    releaseToken(ctx_, key, token);
    return matched;
}

}  // namespace payouts
