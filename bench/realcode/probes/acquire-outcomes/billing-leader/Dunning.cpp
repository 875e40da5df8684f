#include <chrono>
#include <vector>

#include "Gateway.h"
#include "RedisMutex.h"

namespace billing {

using std::chrono::seconds;

class Dunning {
public:
    Dunning(redisContext* ctx, Gateway& gw)
        : gw_(gw), sweepMutex_(ctx, "dunning"), ledgerMutex_(ctx, "ledger"),
          accountsMutex_(ctx, "accounts") {}

    void sweep(const std::vector<Account>& overdue);
    void retryFailed(const std::vector<Account>& failed);
    void writeOff(const Account& acct);
    bool remind(const Account& acct);

private:
    Gateway& gw_;
    RedisMutex sweepMutex_;
    RedisMutex ledgerMutex_;
    RedisMutex accountsMutex_;
};

void Dunning::sweep(const std::vector<Account>& overdue) {
    sweepMutex_.tryLock(seconds(120));
    if (overdue.empty()) {
        sweepMutex_.unlock();
        return;
    }
    for (const Account& a : overdue) gw_.sendReminder(a);
    sweepMutex_.unlock();
}

void Dunning::retryFailed(const std::vector<Account>& failed) {
    if (!sweepMutex_.tryLock(seconds(120))) return;

    if (!gw_.healthy()) {
        throw GatewayDown("payment gateway unhealthy, retry later");
    }
    for (const Account& a : failed) gw_.chargeRetry(a);
    sweepMutex_.unlock();
}

void Dunning::writeOff(const Account& acct) {
    if (!ledgerMutex_.lockFor(seconds(30), seconds(5))) return;
    if (!accountsMutex_.lockFor(seconds(30), seconds(5))) {
        ledgerMutex_.unlock();
        return;
    }
    gw_.writeOff(acct);
    accountsMutex_.unlock();
    ledgerMutex_.unlock();
}

bool Dunning::remind(const Account& acct) {
    const bool leader = sweepMutex_.tryLock(seconds(60));
    if (leader && acct.balanceCents > 0) {
        gw_.sendReminder(acct);
    }
    if (leader) sweepMutex_.unlock();
    return leader;
}

}  // namespace billing
