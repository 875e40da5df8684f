#include "shard_guard.hpp"

namespace shards {

ShardGuard::ShardGuard(RedisLock& lock, std::chrono::milliseconds wait)
    : lock_(lock), held_(lock.lock(wait)) {}

ShardGuard::~ShardGuard() {
    if (held_) lock_.unlock();
}

}  // namespace shards
