// refill_worker.h - periodic token-bucket refills shared by all gateways.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "quota_lease.h"

namespace quota {

struct BucketState {
    std::string id;
    std::int64_t tokens = 0;
    std::int64_t capacity = 0;
    std::int64_t refillPerTick = 0;
};

// Persistent bucket storage (the quota Postgres); implemented elsewhere.
class BucketStore {
public:
    virtual ~BucketStore() = default;
    virtual std::optional<BucketState> load(const std::string &bucket) = 0;
    virtual bool save(const BucketState &state) = 0;
    virtual std::vector<std::string> buckets() = 0;
    virtual std::vector<std::string> pendingDrains() = 0;
};

class RefillWorker {
public:
    RefillWorker(QuotaLease &lease, BucketStore &store) : lease_(lease), store_(store) {}

    bool refillBucket(const std::string &bucket);
    int rebalanceAll();
    bool drainBucket(const std::string &bucket);
    bool resetBucket(const std::string &bucket, std::int64_t capacity);
    std::optional<LeaseToken> waitForLease(const std::string &bucket);

private:
    QuotaLease &lease_;
    BucketStore &store_;
};

}  // namespace quota
