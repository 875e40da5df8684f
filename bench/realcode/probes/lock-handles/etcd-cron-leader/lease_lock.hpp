#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <etcd/KeepAlive.hpp>
#include <etcd/SyncClient.hpp>

namespace cron {

// Lock = a key attached to a lease.  When the lease lapses the key goes away.
class LeaseLock {
 public:
  LeaseLock(etcd::SyncClient& client, std::string key, std::string owner, int ttlSec);
  bool acquire();
  void release();
  int64_t lease() const { return lease_; }

 private:
  etcd::SyncClient& client_;
  std::string key_;
  std::string owner_;
  int ttl_;
  int64_t lease_ = 0;
};

// Same idea, but a KeepAlive refreshes the lease for as long as we hold it.
class KeptLock {
 public:
  KeptLock(etcd::SyncClient& client, std::string key, std::string owner, int ttlSec);
  ~KeptLock();
  bool acquire();
  void release();
  bool stillHeld();

 private:
  etcd::SyncClient& client_;
  std::string key_;
  std::string owner_;
  int ttl_;
  std::shared_ptr<etcd::KeepAlive> keepalive_;
};

}  // namespace cron
