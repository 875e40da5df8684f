#pragma once
#include <string>

namespace ledger {

// A lock on one job, held in Redis under "lock:job:<name>".
class JobLock {
public:
  explicit JobLock(const std::string &name);

  bool tryLock();
  // Waits up to waitMs for the lock.
  bool tryLockFor(int waitMs) { return acquire(waitMs); }
  void extend();
  void release();

private:
  bool acquire(int waitMs);

  std::string key_;
  std::string token_;
};

} // namespace ledger
