// Copyright 2024 The Scheduler Authors.
//
// The cron leader fires due jobs. Every scheduler process calls CronTick()
// once a second; the ZooKeeper lock makes sure only one of them fires a
// given tick.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "zk_lock.h"
#include "zk_session.h"

namespace scheduler {

struct CronJob {
  std::string name;
  std::string command;
  int64_t due_unix = 0;
};

// Backed by MySQL in production (job_table.cc in the storage library).
class JobTable {
 public:
  bool LoadDue(std::vector<CronJob>* out);
  void Fire(const CronJob& job);
  void MarkFired(const CronJob& job, int64_t now_unix);
};

namespace {
constexpr char kCronDir[] = "/scheduler/locks/cron";
}  // namespace

// Returns the number of jobs fired by this process in this tick.
int CronTick(ZkSession* session, JobTable* jobs, const std::string& owner) {
  ZkLock lock(session, kCronDir, owner);
  if (!lock.Lock(std::chrono::seconds(3))) return 0;

  std::vector<CronJob> due;
  if (!jobs->LoadDue(&due)) {
    std::fprintf(stderr, "cron: job table unavailable, skipping tick\n");
    return 0;
  }

  const int64_t now = static_cast<int64_t>(std::time(nullptr));
  int fired = 0;
  for (const CronJob& job : due) {
    // If the session is gone our lock node is gone too and another
    // scheduler may already be firing this tick.
    if (session->Expired()) {
      std::fprintf(stderr, "cron: session expired mid-tick after %d jobs\n", fired);
      break;
    }
    jobs->Fire(job);
    jobs->MarkFired(job, now);
    ++fired;
  }

  lock.Unlock();
  return fired;
}

void RunCron(ZkSession* session, JobTable* jobs, const std::string& owner) {
  if (!session->EnsurePath(kCronDir)) return;
  while (!session->Expired()) {
    int fired = CronTick(session, jobs, owner);
    if (fired > 0) std::printf("cron: fired %d jobs\n", fired);
    struct timespec ts = {1, 0};
    nanosleep(&ts, nullptr);
  }
}

}  // namespace scheduler
