#include "advisory.h"
#include <stdexcept>

long bumpCounter(int count);

// Throws while holding: the session keeps the lock.
long reserveBlock(AdvisoryLock &lock, int count) {
  if (!lock.lock())
    return -1;
  long first = bumpCounter(count);
  if (first < 0)
    throw std::runtime_error("counter update failed");
  if (!lock.unlock())
    return -1;
  return first;
}

// Released on every path after the take: silent.
long reserveOne(AdvisoryLock &lock) {
  if (!lock.lock())
    return -1;
  long first = bumpCounter(1);
  lock.unlock();
  return first;
}
