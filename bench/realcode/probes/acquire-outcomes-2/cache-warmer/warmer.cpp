// Cache warmer: after a deploy or a cache flush, pre-loads hot datasets from
// the origin.  Runs as a sidecar next to every API replica.
#include <iostream>
#include <mutex>
#include <string>

#include "warm_lock.h"

namespace warmer {

struct WarmerConfig {
    bool enabled = true;
    bool dryRun = false;
    int shards = 64;
};

class Origin {
public:
    virtual ~Origin() = default;
    virtual long loadCatalog() = 0;
    virtual long loadPricing() = 0;
    virtual long loadShard(int shard) = 0;
};

class CacheWarmer {
public:
    CacheWarmer(sw::redis::Redis &redis, WarmLock &lock, Origin &origin, WarmerConfig cfg)
        : redis_(redis), lock_(lock), origin_(origin), cfg_(cfg) {}

    void warmCatalog();
    void warmPricing();
    long warmShard(int shard);
    long bumpEpoch();

private:
    sw::redis::Redis &redis_;
    WarmLock &lock_;
    Origin &origin_;
    WarmerConfig cfg_;
    std::mutex epochMu_;
};

void CacheWarmer::warmCatalog() {
    if (!cfg_.enabled || !lock_.tryLock("catalog")) {
        return;
    }
    const long n = origin_.loadCatalog();
    lock_.refresh("catalog");
    std::cerr << "catalog warm: " << n << " entries\n";
    lock_.unlock("catalog");
}

void CacheWarmer::warmPricing() {
    const char *role = lock_.tryLock("pricing") ? "leader" : "follower";
    std::cerr << "pricing warm starting as " << role << '\n';
    const long n = origin_.loadPricing();
    std::cerr << "pricing warm: " << n << " entries\n";
    lock_.unlock("pricing");
}

long CacheWarmer::warmShard(int shard) {
    const bool mine = lock_.tryLockShard(shard) && !cfg_.dryRun;
    if (!mine) {
        return 0;
    }
    const long n = origin_.loadShard(shard);
    lock_.unlockShard(shard);
    return n;
}

// The epoch tells readers which generation of the warm cache is current.
long CacheWarmer::bumpEpoch() {
    std::lock_guard<std::mutex> guard(epochMu_);
    const auto current = redis_.get("warm:epoch");
    const long next = current ? std::stol(*current) + 1 : 1;
    redis_.set("warm:epoch", std::to_string(next));
    return next;
}

}  // namespace warmer
