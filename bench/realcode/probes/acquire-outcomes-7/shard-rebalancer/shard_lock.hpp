#pragma once

// Rebalancer locks: one ZooKeeper directory per region
// (/shards/<region>/lock). Nodes are ephemeral-sequential and are named
// lock-NNNNNNNNNN by the server. The lowest child holds the lock.
// Sync API only (built with THREADED against zookeeper_mt).

#include <string>
#include <utility>

#include <zookeeper/zookeeper.h>

struct ZkAttempt {
  int rc = ZSYSTEMERROR;  // ZOK when the create and the listing both ran
  std::string node;       // created node path ("" if the create failed)
  bool lowest = false;    // true only when node is the lowest child
};

// Ephemeral-sequential lock recipe under dir_.
class ShardLock {
 public:
  ShardLock(zhandle_t *zh, std::string dir) : zh_(zh), dir_(std::move(dir)) {}

  // One round of the recipe; leaves the node in place.
  ZkAttempt enter();
  // {true, node} when this client is the lowest child; otherwise the node is
  // deleted and {false, ""} is returned.
  std::pair<bool, std::string> tryLock();
  bool unlock();
  // True while the session is connected.
  bool sessionAlive() const;

 private:
  zhandle_t *zh_;
  std::string dir_;
  std::string node_;
};

void moveShard(int shard, const std::string &to);
void logLine(const std::string &msg);
