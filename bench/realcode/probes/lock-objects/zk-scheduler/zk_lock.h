#pragma once

#include <string>

#include "zk_client.h"

namespace sched {

// Exclusive lock on a single znode, e.g. /locks/billing-cron.
class ZkLock {
 public:
  void init(ZkClient* zk, const std::string& path, const std::string& owner);
  bool tryLock();
  void unlock();

 private:
  ZkClient* zk_ = nullptr;
  std::string key_;
  std::string owner_;
};

// Sequential-ephemeral election node under a parent path.
class LeaderLatch {
 public:
  LeaderLatch(ZkClient* zk, std::string parent) : zk_(zk), parent_(std::move(parent)) {}
  bool join(const std::string& member_id);
  bool isLeader();
  void leave();

 private:
  ZkClient* zk_;
  std::string parent_;
  std::string node_;
  int node_version_ = -1;
};

}  // namespace sched
