// Copyright 2024 The Scheduler Authors.
//
// Dispatcher drains the task queue and hands tasks to workers. Tasks must be
// dispatched exactly once, so draining happens under the dispatch lock.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "zk_lock.h"
#include "zk_session.h"

namespace scheduler {

struct Task {
  int64_t id = 0;
  std::string payload;
};

// MySQL-backed task table and the worker RPC pool (storage / rpc libraries).
class TaskQueue {
 public:
  std::vector<Task> NextBatch(size_t max);
  void MarkDispatched(int64_t id, const std::string& worker);
};

class WorkerPool {
 public:
  std::string Pick();
  bool Send(const std::string& worker, const Task& t);
};

namespace {
constexpr char kDispatchDir[] = "/scheduler/locks/dispatch";
}  // namespace

class Dispatcher {
 public:
  Dispatcher(ZkSession* session, TaskQueue* queue, WorkerPool* workers, std::string owner)
      : session_(session), queue_(queue), workers_(workers), owner_(std::move(owner)) {}

  bool Init();
  int DrainQueue(std::chrono::milliseconds wait);

 private:
  ZkSession* session_;
  TaskQueue* queue_;
  WorkerPool* workers_;
  std::string owner_;
};

bool Dispatcher::Init() {
  // Persistent layout nodes; the lock nodes themselves live underneath.
  return session_->EnsurePath(kDispatchDir) &&
         session_->EnsurePath("/scheduler/workers");
}

int Dispatcher::DrainQueue(std::chrono::milliseconds wait) {
  ZkLock lock(session_, kDispatchDir, owner_);
  if (!lock.Lock(wait)) {
    return 0;
  }

  int sent = 0;
  for (std::vector<Task> batch = queue_->NextBatch(64); !batch.empty();
       batch = queue_->NextBatch(64)) {
    for (const Task& t : batch) {
      const std::string worker = workers_->Pick();
      if (!workers_->Send(worker, t)) continue;
      queue_->MarkDispatched(t.id, worker);
      ++sent;
    }
  }

  lock.Unlock();
  std::printf("dispatch: %d tasks sent\n", sent);
  return sent;
}

}  // namespace scheduler
