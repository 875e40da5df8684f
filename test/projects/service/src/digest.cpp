#include "job_lock.h"
#include <string>

namespace shop {

std::string renderDigest();

// The digest job: a lock object held for the job, and the result written
// while it is held.
void runDigest(RedisClient &redis) {
  JobLock lock(redis, "digest");
  if (!lock.tryLock())
    return;
  redis.put("digest:latest", renderDigest());
}

} // namespace shop
