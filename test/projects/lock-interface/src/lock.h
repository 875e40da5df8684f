#pragma once
#include <memory>
#include <string>

namespace farm {

// Cluster-wide exclusion; tryLock() never blocks.
class Lock {
public:
  virtual ~Lock() = default;
  virtual bool tryLock() = 0;
  virtual void unlock() = 0;
};

std::shared_ptr<Lock> makeLock(const std::string &name, int ttlMs);

} // namespace farm
