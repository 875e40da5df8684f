#include "lock.h"
#include <chrono>
#include <thread>

namespace farm {
void assignFrames();
bool noOrphans();
void removeOrphans();

// Spins on the lock until it is free, however long that takes.
void assign() {
  std::shared_ptr<Lock> lock = makeLock("frames", 20000);
  while (!lock->tryLock())
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  assignFrames();
  lock->unlock();
}

// A bounded retry, then an early return that keeps the lock.
int collect(int attempts) {
  auto lock = makeLock("gc", 300000);
  bool locked = false;
  for (int attempt = 0; attempt < attempts && !locked; ++attempt) {
    locked = lock->tryLock();
    if (!locked)
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  if (!locked)
    return -1;
  if (noOrphans())
    return 0;
  removeOrphans();
  lock->unlock();
  return 1;
}

// The same retry, released on every path.
int collectAll(int attempts) {
  auto lock = makeLock("gc", 300000);
  bool locked = false;
  for (int attempt = 0; attempt < attempts && !locked; ++attempt) {
    locked = lock->tryLock();
    if (!locked)
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  if (!locked)
    return -1;
  removeOrphans();
  lock->unlock();
  return 1;
}

} // namespace farm
