// lease_lock.h -- lease + lock-key helpers shared by the maintenance jobs.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "etcd/Client.hpp"
#include "etcd/KeepAlive.hpp"

namespace snapjobs {

// Owns one etcd lease. grant() creates it; keep_alive() starts background
// refreshes. Without keep_alive() the lease simply expires after its TTL.
class LeaseSession {
 public:
  explicit LeaseSession(etcd::Client& client);
  ~LeaseSession();

  bool grant(int ttl_seconds);
  bool keep_alive();
  // True while the keep-alive has not reported a failure.
  bool alive();
  int64_t id() const { return lease_id_; }

 private:
  etcd::Client& client_;
  int ttl_seconds_ = 0;
  int64_t lease_id_ = 0;
  std::shared_ptr<etcd::KeepAlive> keepalive_;
};

// A lock key bound to a LeaseSession's lease: created with add() so only one
// node can hold it; disappears when the lease ends.
class LeaseLock {
 public:
  LeaseLock(etcd::Client& client, LeaseSession& session, std::string key);

  bool try_lock(const std::string& owner);
  void unlock();

 private:
  etcd::Client& client_;
  LeaseSession& session_;
  std::string key_;
  std::string owner_;
  bool held_ = false;
};

}  // namespace snapjobs
