// rebalancer.cpp -- moves shard assignments between nodes.
#include <chrono>
#include <cstring>
#include <iostream>
#include <map>
#include <string>

#include "zk_lock.h"

namespace shards {

using namespace std::chrono_literals;

using Plan = std::map<std::string, std::string>;  // shard -> new owner

// Creates the permanent directory layout (not a lock).
bool ensureLayout(zhandle_t* zh) {
  for (const char* path : {"/shards", "/shards/locks", "/shards/assignments"}) {
    int rc = zoo_create(zh, path, nullptr, -1, &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, nullptr, 0);
    if (rc != ZOK && rc != ZNODEEXISTS) {
      std::cerr << "layout " << path << ": " << zerror(rc) << '\n';
      return false;
    }
  }
  return true;
}

static bool writeAssignment(zhandle_t* zh, const std::string& shard, const std::string& owner) {
  const std::string path = "/shards/assignments/" + shard;
  Stat stat{};
  int rc = zoo_exists(zh, path.c_str(), 0, &stat);
  if (rc == ZNONODE) {
    rc = zoo_create(zh, path.c_str(), owner.data(), static_cast<int>(owner.size()),
                    &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, nullptr, 0);
  } else if (rc == ZOK) {
    rc = zoo_set(zh, path.c_str(), owner.data(), static_cast<int>(owner.size()), stat.version);
  }
  return rc == ZOK;
}

int rebalance(ZkLock& lock, const Plan& plan) {
  if (!lock.acquire(30s)) {
    std::clog << "rebalance: another rebalancer is active\n";
    return 0;
  }
  if (plan.empty()) {
    std::clog << "rebalance: nothing to move\n";
    return 0;
  }
  int moved = 0;
  for (const auto& [shard, owner] : plan) {
    if (lock.sessionLost()) break;
    if (writeAssignment(lock.handle(), shard, owner)) ++moved;
  }
  lock.release();
  return moved;
}

}  // namespace shards
