#pragma once

#include <string>
#include <vector>

namespace payouts {

struct Payout {
    std::string id;
    std::string merchantId;
    long amountCents;
};

class Ledger {
public:
    std::vector<Payout> pendingPayouts(const std::string &batchId);
    std::vector<Payout> failedPayouts(const std::string &batchId);
    std::vector<Payout> stalePayouts();
    bool markSent(const std::string &payoutId);
    void cancel(const std::string &payoutId);
    long balance(const std::string &merchantId);
    bool transfer(const std::string &merchantId, long amountCents);
};

}  // namespace payouts
