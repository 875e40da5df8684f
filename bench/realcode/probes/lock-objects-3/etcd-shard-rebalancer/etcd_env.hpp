#pragma once

#include "etcd/Client.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace shards {

// etcd lock bound to a lease that is kept alive for as long as the lock is
// held. fence() is the create revision of the lock key: it grows with every
// grant, so stores can reject writes from a holder that has been superseded.
class EtcdLock {
 public:
  EtcdLock(etcd::Client& client, std::string name, int ttlSeconds);
  ~EtcdLock();

  bool acquire();
  void release();

  bool held() const { return !lockKey_.empty(); }
  const std::string& lockKey() const { return lockKey_; }
  int64_t fence() const { return fence_; }

 private:
  etcd::Client& client_;
  std::string name_;
  int ttl_;
  int64_t lease_ = 0;
  int64_t fence_ = 0;
  std::string lockKey_;
  std::unique_ptr<etcd::KeepAlive> keepAlive_;
};

// Process-wide etcd access. Endpoints come from SHARDS_ETCD (comma list).
class EtcdEnv {
 public:
  static EtcdEnv& instance();

  etcd::Client& client() { return *client_; }
  const std::string& endpoints() const { return endpoints_; }

  std::unique_ptr<EtcdLock> newLock(const std::string& name, int ttlSeconds);

 private:
  EtcdEnv();
  std::string endpoints_;
  std::unique_ptr<etcd::Client> client_;
};

// Shard -> node assignments under /shards/assign/<id>.
class ShardStore {
 public:
  explicit ShardStore(etcd::Client& c) : client_(c) {}

  std::map<std::string, std::string> assignments();

  // Writes only while `lock` is still the current holder of its lock key
  // (compares the lock key's create revision with the fence).
  bool writeFenced(const EtcdLock& lock, const std::string& shard, const std::string& node);

 private:
  etcd::Client& client_;
};

}  // namespace shards
