#pragma once

#include <string>

#include <hiredis/hiredis.h>

#include "ledger.h"

namespace payouts {

class PayoutRunner {
public:
    PayoutRunner(redisContext *ctx, Ledger &ledger);

    int runBatch(const std::string &batchId);
    int retryFailed(const std::string &batchId);
    bool settleMerchant(const std::string &merchantId);
    int sweepStale();

private:
    redisContext *ctx_;
    Ledger &ledger_;
};

}  // namespace payouts
