// A service object grants one lease, keeps it in a member, hands it to a
// KeepAlive held by a smart pointer, and takes every lock on it in other
// methods. The KeepAlive is where its failure must be heard.
// RUN: %check_distlock %s distlock-etcd-lease-not-kept-alive %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-etcd-lease-not-kept-alive %t-plugin -- -std=c++17 -isystem %stubs

#include <etcd/KeepAlive.hpp>
#include <etcd/SyncClient.hpp>
#include <cstdint>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>

class Registry {
public:
  explicit Registry(const std::string &endpoints) : client_(endpoints) {}

  void connect() {
    etcd::Response granted = client_.leasegrant(ttl_);
    if (!granted.is_ok())
      throw std::runtime_error("no lease");
    lease_ = granted.value().lease();
    refresh_.reset(new etcd::KeepAlive(client_, ttl_ / 2, lease_));
    // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: this KeepAlive refreshes the lease of etcd lock 'registry/{}', and nobody hears its failure: no handler was given and Check() is never called, so when the refresh stops the lease ends and the lock with it, unseen [distlock-etcd-lease-not-kept-alive]
  }

  std::string lock(const std::string &name) {
    etcd::Response held = client_.lock_with_lease("registry/" + name, lease_);
    // CHECK-MESSAGES: :[[@LINE-1]]:27: note: the lock is taken on that lease here; pass the KeepAlive a handler that stops the work, or call Check() before each step
    if (!held.is_ok())
      throw std::runtime_error("not locked");
    return held.lock_key();
  }

  // A second lock on the same lease: the one KeepAlive is reported once.
  std::string lockShard(int shard) {
    etcd::Response held = client_.lock_with_lease("registry/" + std::to_string(shard), lease_);
    if (!held.is_ok())
      throw std::runtime_error("not locked");
    return held.lock_key();
  }

private:
  etcd::SyncClient client_;
  int ttl_ = 30;
  int64_t lease_ = 0;
  std::unique_ptr<etcd::KeepAlive> refresh_;
};

/// Its KeepAlive reports failure to a handler: silent.
class HeardRegistry {
public:
  explicit HeardRegistry(const std::string &endpoints) : client_(endpoints) {}

  void connect() {
    lease_ = client_.leasegrant(30).value().lease();
    refresh_.reset(new etcd::KeepAlive(
        client_, [this](std::exception_ptr) { lost_ = true; }, 15, lease_));
  }

  bool lock(const std::string &name) {
    return client_.lock_with_lease("registry/" + name, lease_).is_ok();
  }

private:
  etcd::SyncClient client_;
  int64_t lease_ = 0;
  bool lost_ = false;
  std::shared_ptr<etcd::KeepAlive> refresh_;
};

/// Checks its KeepAlive before the work: silent.
class CheckedRegistry {
public:
  explicit CheckedRegistry(const std::string &endpoints) : client_(endpoints) {}

  void connect() {
    lease_ = client_.leasegrant(30).value().lease();
    refresh_.reset(new etcd::KeepAlive(client_, 15, lease_));
  }

  bool lock(const std::string &name) {
    if (!client_.lock_with_lease("registry/" + name, lease_).is_ok())
      return false;
    refresh_->Check();
    return true;
  }

private:
  etcd::SyncClient client_;
  int64_t lease_ = 0;
  std::unique_ptr<etcd::KeepAlive> refresh_;
};

/// The KeepAlive refreshes a lease of its own, not the one the lock is
/// taken on, which nothing refreshes; that lease is not granted where this
/// unit sees it, so nothing is said.
class OtherLease {
public:
  explicit OtherLease(const std::string &endpoints) : client_(endpoints) {}

  void connect() { refresh_.reset(new etcd::KeepAlive(client_, 15, session_)); }

  bool lock(const std::string &name, int64_t lease) {
    return client_.lock_with_lease("registry/" + name, lease).is_ok();
  }

private:
  etcd::SyncClient client_;
  int64_t session_ = 0;
  std::unique_ptr<etcd::KeepAlive> refresh_;
};
