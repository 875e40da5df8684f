// quota_lease.h
//
// A lease is a short-lived Redis lock over one rate-limit bucket.  Refill and
// rebalance jobs run on every API gateway; whoever holds the lease for a
// bucket is the only one allowed to rewrite its token count.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "redis_plus_plus.h"

namespace quota {

struct LeaseToken {
    std::string bucket;
    std::string value;  // random, identifies this holder
    std::chrono::steady_clock::time_point acquiredAt{};
};

struct LeaseConfig {
    std::chrono::milliseconds ttl{15000};
    std::chrono::milliseconds renewEvery{5000};
    std::chrono::milliseconds waitBudget{2000};
    std::string keyPrefix = "quota:lease:";
};

class QuotaLease {
public:
    QuotaLease(sw::redis::Redis &redis, LeaseConfig cfg);

    // nullopt when the bucket is leased by someone else or Redis failed.
    std::optional<LeaseToken> acquire(const std::string &bucket);

    // Keeps a lease alive during long refills.
    bool renew(const LeaseToken &lease);

    void release(const LeaseToken &lease);

    const LeaseConfig &config() const { return cfg_; }

private:
    std::string keyFor(const std::string &bucket) const;
    std::string randomValue();

    sw::redis::Redis &redis_;
    LeaseConfig cfg_;
};

}  // namespace quota
