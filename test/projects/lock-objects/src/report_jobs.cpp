#include "job_lock.h"
#include "redis_client.h"
#include <memory>
#include <string>

namespace ledger {

std::string renderReport(const std::string &name);

// Releases the lock when it goes out of scope, whichever way that is.
class ScopedRelease {
public:
  explicit ScopedRelease(JobLock &lock) : lock_(lock) {}
  ~ScopedRelease() { lock_.release(); }

private:
  JobLock &lock_;
};

// Tries a few times, then gives up; every exit lets the lock go.
bool buildReport(const std::string &name) {
  auto lock = std::make_unique<JobLock>("report:" + name);
  bool held = false;
  for (int attempt = 0; attempt < 3 && !held; ++attempt)
    held = lock->tryLockFor(500);
  if (!held)
    return false;
  ScopedRelease release(*lock);
  if (name.empty())
    return false;
  renderReport(name);
  return true;
}

// A cache entry with an expiry: not a lock.
void cacheReport(const std::string &name, const std::string &html) {
  redisReply *reply = nullptr;
  if (RedisClient::Instance()->Execute(&reply, "SET cache:report:%s %s EX 60", name.c_str(),
                                       html.c_str()))
    freeReplyObject(reply);
}

} // namespace ledger
