#include "redis_lock.h"
#include <unistd.h>

namespace dispatch {

// Waits for the worker's lock as long as it takes.
void assign(redisContext *ctx, const std::string &worker, const std::string &job) {
  RedisLock lock(ctx, worker);
  while (!lock.TryLock())
    sleep(1);
  redisCommand(ctx, "RPUSH queue:%s %s", worker.c_str(), job.c_str());
}

} // namespace dispatch
