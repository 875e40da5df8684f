#include "advisory.h"

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <unistd.h>

using namespace std::chrono_literals;

std::atomic<bool> g_shutdown{false};

long bumpCounter(PGconn *conn, int count);
bool rolloverYear(PGconn *conn);

static AdvisoryLock &counterLock() {
  static AdvisoryLock lock(numberingConn(), 4401);
  return lock;
}

long allocateRange(int count) {
  AdvisoryLock &lock = counterLock();
  if (!lock.lock(5000ms)) {
    return -1;
  }
  AdvisoryGuard guard(lock);
  return bumpCounter(numberingConn(), count);
}

long reserveBlock(int count) {
  AdvisoryLock &lock = counterLock();
  if (!lock.lock(0ms)) {
    return -1;
  }
  long first = bumpCounter(numberingConn(), count);
  if (first < 0) {
    throw std::runtime_error("counter update failed");
  }
  if (!lock.unlock()) {
    return -1;
  }
  return first;
}

long nextNumber() {
  AdvisoryLock &lock = counterLock();
  int tries = 0;
retry:
  if (!lock.tryLock()) {
    if (++tries >= 20) {
      return -1;
    }
    usleep(10 * 1000);
    goto retry;
  }
  long n = bumpCounter(numberingConn(), 1);
  return lock.unlock() ? n : -1;
}

long nextNumberSpin() {
  AdvisoryLock &lock = counterLock();
retry:
  if (!lock.tryLock()) {
    usleep(1000);
    goto retry;
  }
  long n = bumpCounter(numberingConn(), 1);
  return lock.unlock() ? n : -1;
}

long nextNumberPatient() {
  AdvisoryLock &lock = counterLock();
  bool ok = false;
  do {
    ok = lock.tryLock();
    if (!ok) {
      std::this_thread::sleep_for(50ms);
    }
  } while (!ok);
  long n = bumpCounter(numberingConn(), 1);
  return lock.unlock() ? n : -1;
}

bool closeYear() {
  AdvisoryLock year(numberingConn(), 4402);
  bool held = false;
  while (!g_shutdown.load()) {
    held = year.tryLock();
    if (held) {
      break;
    }
    std::this_thread::sleep_for(1s);
  }
  if (!held) {
    return false;
  }
  AdvisoryGuard guard(year);
  return rolloverYear(numberingConn());
}
