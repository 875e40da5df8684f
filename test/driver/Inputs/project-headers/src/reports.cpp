// Input for project-headers.test.
#include "job_lock.h"
void report(redisContext *c, const std::string &token) {
  JobLock lock(c, "reports");
  if (lock.tryLock(token))
    lock.unlock();
}
