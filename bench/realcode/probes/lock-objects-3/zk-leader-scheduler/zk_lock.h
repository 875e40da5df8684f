// Copyright 2024 The Scheduler Authors.
//
// ZkLock implements the standard ZooKeeper lock recipe: every contender
// creates a sequential child of the lock directory, the lowest sequence number
// owns the lock, and everybody else watches the node just below its own.

#ifndef SCHEDULER_ZK_LOCK_H_
#define SCHEDULER_ZK_LOCK_H_

#include "zk_session.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>

namespace scheduler {

class ZkLock {
 public:
  ZkLock(ZkSession* session, std::string dir, std::string owner);

  // Waits at most `timeout`. On timeout the contender node is removed again.
  bool Lock(std::chrono::milliseconds timeout);

  // Deletes our node (if we still have one). Not called from the destructor:
  // holders decide explicitly when the critical section ends.
  void Unlock();

  bool held() const { return held_; }
  const std::string& node() const { return node_path_; }

 private:
  bool CreateContenderNode();
  void DeleteOwnNode();
  static void PredecessorWatch(zhandle_t* zh, int type, int state,
                               const char* path, void* ctx);

  ZkSession* session_;
  std::string dir_;
  std::string owner_;
  std::string node_path_;
  bool held_ = false;

  std::mutex mu_;
  std::condition_variable cv_;
  bool changed_ = false;
};

}  // namespace scheduler

#endif  // SCHEDULER_ZK_LOCK_H_
