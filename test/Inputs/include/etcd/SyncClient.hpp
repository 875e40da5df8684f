// Test stub of etcd-cpp-apiv3's etcd/SyncClient.hpp, the blocking client:
// the calls a lock uses, with the library's signatures.
#pragma once
#include "etcd/Response.hpp"
#include "etcd/v3/Transaction.hpp"
#include <chrono>
#include <cstdint>
#include <memory>
#include <ratio>
#include <string>

namespace etcd {

class KeepAlive;

class SyncClient {
public:
  SyncClient(std::string const &etcd_url, std::string const &load_balancer = "round_robin");

  Response get(std::string const &key);
  Response set(std::string const &key, std::string const &value, int ttl = 0);
  Response add(std::string const &key, std::string const &value, int ttl = 0);
  /// Creates the key only if it is absent, attached to the lease.
  Response add(std::string const &key, std::string const &value, const int64_t leaseId);
  Response head();
  Response put(std::string const &key, std::string const &value);
  /// The key is attached to the lease: it goes when the lease ends.
  Response put(std::string const &key, std::string const &value, const int64_t leaseId);
  Response modify_if(std::string const &key, std::string const &value, int64_t old_index,
                     int ttl = 0);
  Response rm(std::string const &key);
  Response rmdir(std::string const &key, bool recursive = false);
  Response ls(std::string const &key);
  Response keys(std::string const &key);

  Response leasegrant(int ttl);
  std::shared_ptr<KeepAlive> leasekeepalive(int ttl);
  Response leaserevoke(int64_t lease_id);

  /// Waits until the lock is taken, on a lease the library keeps alive.
  Response lock(std::string const &key);
  Response lock(std::string const &key, int lease_ttl);
  /// The same on the caller's lease, which the caller must keep alive.
  Response lock_with_lease(std::string const &key, int64_t lease_id);
  Response unlock(std::string const &lock_key);
  Response txn(etcdv3::Transaction const &txn);

  /// The only bound on a call's wait, lock() included.
  template <typename Period = std::micro>
  void set_grpc_timeout(std::chrono::duration<std::chrono::microseconds::rep, Period> const &timeout);
};

} // namespace etcd
