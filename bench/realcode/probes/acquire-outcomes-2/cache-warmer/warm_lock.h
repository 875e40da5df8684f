// warm_lock.h
//
// Redis locks used by the cache warmer.  tryLock()/unlock() are the general
// per-dataset locks with per-holder tokens.  Shard locks are taken in large
// numbers on every warm cycle and use a cheaper fixed marker value.
#pragma once

#include <chrono>
#include <mutex>
#include <string>
#include <unordered_map>

#include "redis_plus_plus.h"

namespace warmer {

struct WarmLockOptions {
    std::chrono::milliseconds ttl{20000};
    std::chrono::milliseconds shardTtl{5000};
    std::string prefix = "warm:lock:";
};

class WarmLock {
public:
    WarmLock(sw::redis::Redis &redis, WarmLockOptions opts);

    bool tryLock(const std::string &name);
    bool refresh(const std::string &name);
    void unlock(const std::string &name);

    bool tryLockShard(int shard);
    void unlockShard(int shard);

private:
    std::string newToken();

    sw::redis::Redis &redis_;
    WarmLockOptions opts_;
    std::mutex tokensMu_;  // protects tokens_ (local bookkeeping only)
    std::unordered_map<std::string, std::string> tokens_;
};

}  // namespace warmer
