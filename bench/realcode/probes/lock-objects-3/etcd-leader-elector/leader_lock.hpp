#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

namespace etcd {
class Client;
}

namespace elector {

// Leadership for one election name. FencingRevision() grows with every new
// leader and is what MetaStore::PutFenced checks.
class LeaderLock {
 public:
  virtual ~LeaderLock() = default;

  virtual bool Acquire(std::chrono::seconds wait) = 0;
  virtual void Release() = 0;
  virtual bool IsLeader() const = 0;
  virtual int64_t FencingRevision() const = 0;
  virtual const std::string& LockKey() const = 0;
};

// coordination.cpp: validates the name and picks the implementation.
std::unique_ptr<LeaderLock> MakeLeaderLock(etcd::Client& client, const std::string& election);

// etcd_leader_lock.cpp
std::unique_ptr<LeaderLock> NewEtcdLeaderLock(etcd::Client& client, const std::string& election,
                                              int lease_ttl);

class MetaStore {
 public:
  explicit MetaStore(etcd::Client& client) : client_(client) {}
  // Put that only succeeds while `leader` still owns its lock key.
  bool PutFenced(const LeaderLock& leader, const std::string& key, const std::string& value);

 private:
  etcd::Client& client_;
};

}  // namespace elector
