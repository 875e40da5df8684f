// Copyright 2024 The Scheduler Authors.
//
// ZkSession owns a zhandle_t and tracks the session state reported by the
// global watcher, so that code holding an ephemeral node can find out that
// the node (and with it any lock) is gone.

#ifndef SCHEDULER_ZK_SESSION_H_
#define SCHEDULER_ZK_SESSION_H_

#include <zookeeper/zookeeper.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>

namespace scheduler {

class ZkSession {
 public:
  ZkSession() = default;
  ~ZkSession();

  ZkSession(const ZkSession&) = delete;
  ZkSession& operator=(const ZkSession&) = delete;

  // Connects and waits up to `connect_wait` for ZOO_CONNECTED_STATE.
  bool Open(const std::string& hosts, int session_timeout_ms,
            std::chrono::milliseconds connect_wait);

  zhandle_t* handle() const { return zh_; }

  // True once the server has told us the session expired. Every ephemeral
  // node created through this session is gone at that point.
  bool Expired() const { return expired_.load(std::memory_order_acquire); }
  bool Connected() const { return connected_.load(std::memory_order_acquire); }

  // Creates each missing component of `path` as a persistent node.
  bool EnsurePath(const std::string& path);

 private:
  static void GlobalWatcher(zhandle_t* zh, int type, int state,
                            const char* path, void* ctx);
  void OnState(int state);

  zhandle_t* zh_ = nullptr;
  std::atomic<bool> connected_{false};
  std::atomic<bool> expired_{false};
  std::mutex mu_;
  std::condition_variable cv_;
};

}  // namespace scheduler

#endif  // SCHEDULER_ZK_SESSION_H_
