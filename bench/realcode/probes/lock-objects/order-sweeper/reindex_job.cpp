#include <unistd.h>

#include <chrono>
#include <cstdio>

#include "redis_lock.h"

namespace sweeper {

bool RebuildSearchIndex(redisContext* ctx);

int RunReindex(redisContext* ctx) {
  RedisLock lock(ctx, "search-reindex", 120000);

  bool locked = false;
  for (int attempt = 0; attempt < 5 && !(locked = lock.TryLock()); ++attempt) {
    usleep(200 * 1000);
  }
  if (!locked) {
    std::fprintf(stderr, "reindex: another node is running it\n");
    return 1;
  }

  const bool ok = RebuildSearchIndex(ctx);
  lock.Release();
  return ok ? 0 : 2;
}

int RunReindexWithDeadline(redisContext* ctx) {
  RedisLock lock(ctx, "search-reindex", 120000);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  if (!lock.LockUntil(deadline)) return 1;
  const bool ok = RebuildSearchIndex(ctx);
  lock.Release();
  return ok ? 0 : 2;
}

}  // namespace sweeper
