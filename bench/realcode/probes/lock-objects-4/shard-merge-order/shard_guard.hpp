#pragma once

#include "redis_lock.hpp"

#include <chrono>

namespace shards {

// Scoped hold on a RedisLock owned by the caller.
// Jobs that need two shards take the destination shard's guard first.
class ShardGuard {
public:
    explicit ShardGuard(RedisLock& lock,
                        std::chrono::milliseconds wait = std::chrono::milliseconds(2000));
    ~ShardGuard();

    ShardGuard(const ShardGuard&) = delete;
    ShardGuard& operator=(const ShardGuard&) = delete;

    bool held() const { return held_; }

private:
    RedisLock& lock_;
    bool held_;
};

}  // namespace shards
