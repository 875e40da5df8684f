#include "job_slot.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include <unistd.h>

static std::atomic<bool> g_session_lost{false};
static std::atomic<bool> g_running{true};

bool loadTemplate(const char *job);
bool renderNext(const char *job);
void emailReport(const char *job);

void sessionWatcher(zhandle_t *, int type, int state, const char *, void *) {
  if (type != ZOO_SESSION_EVENT) {
    return;
  }
  if (state == ZOO_EXPIRED_SESSION_STATE) {
    g_session_lost.store(true);
  }
}

void runDaemon(JobSlot &slot) {
  while (g_running.load()) {
    if (slot.tryAcquire()) {
      while (!g_session_lost.load() && renderNext("daily")) {
      }
      slot.release();
    }
    sleep(30);
  }
}

void waitNightly(JobSlot &slot) {
  for (;;) {
    if (slot.tryAcquire()) {
      break;
    }
    usleep(500 * 1000);
  }
  emailReport("nightly");
  slot.release();
}

bool waitHourly(JobSlot &slot) {
  using clock = std::chrono::steady_clock;
  const auto deadline = clock::now() + std::chrono::minutes(2);
  while (!slot.tryAcquire()) {
    if (clock::now() >= deadline) {
      return false;
    }
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  emailReport("hourly");
  slot.release();
  return true;
}

void waitAdhoc(JobSlot &slot) {
  using clock = std::chrono::steady_clock;
  const auto deadline = clock::time_point::max();
  bool got = false;
  while (!got && clock::now() < deadline) {
    got = slot.tryAcquire();
    if (!got) {
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
  }
  emailReport("adhoc");
  slot.release();
}

bool waitMonthly(JobSlot &slot) {
  const int kMaxAttempts = 12;
  int attempt = 0;
  bool got = false;
  do {
    got = slot.tryAcquire();
    if (!got) {
      sleep(5);
    }
  } while (!got && ++attempt < kMaxAttempts);
  if (!got) {
    return false;
  }
  emailReport("monthly");
  slot.release();
  return true;
}

void runWeekly(JobSlot &slot) {
  if (!slot.tryAcquire()) {
    return;
  }
  if (!loadTemplate("weekly")) {
    fprintf(stderr, "weekly: template missing\n");
    return;
  }
  while (slot.stillOwned() && renderNext("weekly")) {
  }
  slot.release();
}
