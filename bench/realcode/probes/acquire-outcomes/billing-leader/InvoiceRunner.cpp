#include <chrono>
#include <cstdio>
#include <vector>

#include "Gateway.h"
#include "RedisMutex.h"

namespace billing {

using namespace std::chrono_literals;

class InvoiceRunner {
public:
    InvoiceRunner(redisContext* ctx, Gateway& gw)
        : gw_(gw), invoiceMutex_(ctx, "invoices"), dunningMutex_(ctx, "dunning"),
          ledgerMutex_(ctx, "ledger"), accountsMutex_(ctx, "accounts") {}

    void runCycle(const std::vector<Account>& due);
    void runAdhoc(const std::vector<Account>& due);
    void reissue(const std::vector<Account>& accts);
    void mergeAccounts(const Account& from, const Account& into);

private:
    Gateway& gw_;
    RedisMutex invoiceMutex_;
    RedisMutex dunningMutex_;
    RedisMutex ledgerMutex_;
    RedisMutex accountsMutex_;
};

void InvoiceRunner::runCycle(const std::vector<Account>& due) {
    invoiceMutex_.tryLock(5min);
    if (!invoiceMutex_.isHeld()) {
        std::puts("invoice cycle: another replica is leader");
        return;
    }
    gw_.sendInvoices(due);
    invoiceMutex_.unlock();
}

void InvoiceRunner::runAdhoc(const std::vector<Account>& due) {
    const bool busy = !invoiceMutex_.tryLock(2min);
    if (busy) return;
    gw_.sendInvoices(due);
    invoiceMutex_.unlock();
}

void InvoiceRunner::reissue(const std::vector<Account>& accts) {
    invoiceMutex_.tryLock(2min);
    if (invoiceMutex_.isHeld()) {
        std::puts("reissue: invoice run in progress, skipping");
        return;
    }
    gw_.sendInvoices(accts);
    invoiceMutex_.unlock();
}

void InvoiceRunner::mergeAccounts(const Account& from, const Account& into) {
    if (!accountsMutex_.lockFor(30s, 5s)) return;
    if (!ledgerMutex_.lockFor(30s, 5s)) {
        accountsMutex_.unlock();
        return;
    }
    gw_.mergeAccounts(from, into);
    ledgerMutex_.unlock();
    accountsMutex_.unlock();
}

}  // namespace billing
