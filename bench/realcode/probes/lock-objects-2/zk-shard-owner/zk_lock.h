// zk_lock.h -- ZooKeeper sequential-ephemeral lock (lock recipe) for shard ownership.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>

#include <zookeeper/zookeeper.h>

namespace shards {

class ZkLock {
 public:
  ZkLock(std::string hosts, std::string lockDir, int sessionTimeoutMs);
  ~ZkLock();

  bool connect(std::chrono::milliseconds timeout);
  // Creates our sequential node and waits (up to timeout) to become the lowest.
  bool acquire(std::chrono::milliseconds timeout);
  bool release();

  // Set by the session watcher once the server expired our session: every
  // ephemeral node (including the lock node) is gone at that point.
  bool sessionLost() const { return sessionLost_.load(); }
  zhandle_t* handle() const { return zh_; }
  const std::string& lockDir() const { return lockDir_; }

 private:
  static void sessionWatcher(zhandle_t* zh, int type, int state, const char* path, void* ctx);
  static void nodeWatcher(zhandle_t* zh, int type, int state, const char* path, void* ctx);
  bool deleteOwnNode();

  std::string hosts_;
  std::string lockDir_;
  int sessionTimeoutMs_;
  zhandle_t* zh_ = nullptr;

  std::mutex mu_;
  std::condition_variable cv_;
  bool connected_ = false;
  bool predecessorGone_ = false;
  std::atomic<bool> sessionLost_{false};
  std::string ownNode_;
};

}  // namespace shards
