// Input for project-headers.test.
#include "job_lock.h"
bool bill(redisContext *c, const std::string &token) {
  JobLock lock(c, "billing");
  if (!lock.tryLock(token))
    return false;
  lock.unlock();
  return true;
}
