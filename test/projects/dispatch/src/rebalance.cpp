#include "redis_lock.h"

namespace dispatch {

// Tries once and gives up: bounded.
bool rebalance(redisContext *ctx) {
  RedisLock lock(ctx, "rebalance");
  if (!lock.TryLock())
    return false;
  redisCommand(ctx, "SET plan:current %s", "v2");
  return true;
}

} // namespace dispatch
