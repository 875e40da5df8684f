// A lock on the caller's lease lasts as long as the lease is refreshed.
// RUN: %check_distlock %s distlock-etcd-lease-not-kept-alive %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-etcd-lease-not-kept-alive %t-plugin -- -std=c++17 -isystem %stubs

#include <etcd/KeepAlive.hpp>
#include <etcd/SyncClient.hpp>
#include <exception>
#include <memory>
#include <string>

void compactLedger();

// A lease granted with a TTL and never refreshed.
void grantOnly(etcd::SyncClient &etcd) {
  int64_t lease = etcd.leasegrant(10).value().lease();
  etcd::Response held = etcd.lock_with_lease("/locks/ledger", lease);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: etcd lock '/locks/ledger' is held on a lease that nothing keeps alive: after its TTL etcd deletes the lock key and another process takes the lock while this one works on [distlock-etcd-lease-not-kept-alive]
  // CHECK-MESSAGES: :15:19: note: the lease is granted here; keep it alive with an etcd::KeepAlive that has a failure handler, or use lock(key), whose lease the library refreshes
  if (held.is_ok())
    compactLedger();
}

// A lease the caller manages, and the library's own lease: silent.
void callerLease(etcd::SyncClient &etcd, int64_t lease) {
  if (etcd.lock_with_lease("/locks/ledger", lease).is_ok())
    compactLedger();
  if (etcd.lock("/locks/ledger", 10).is_ok())
    compactLedger();
}

// The grant's answer kept whole, its lease read where the lock is taken.
void grantKeptWhole(etcd::SyncClient &etcd) {
  etcd::Response granted = etcd.leasegrant(10);
  if (!granted.is_ok())
    return;
  etcd::Response held = etcd.lock_with_lease("/locks/ledger", granted.value().lease());
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: etcd lock '/locks/ledger' is held on a lease that nothing keeps alive{{.*}}
  // CHECK-MESSAGES: :[[@LINE-5]]:28: note: the lease is granted here{{.*}}
  if (held.is_ok())
    compactLedger();
}

// The same answer, refreshed by a keep-alive with a handler: silent.
void grantKeptWholeAndRefreshed(etcd::SyncClient &etcd) {
  etcd::Response granted = etcd.leasegrant(10);
  int64_t lease = granted.value().lease();
  etcd::KeepAlive refresher(etcd, [](std::exception_ptr) { std::terminate(); }, 5, lease);
  if (etcd.lock_with_lease("/locks/ledger", lease).is_ok())
    compactLedger();
}

// A keep-alive made through std::make_shared, with a handler: silent.
struct Compactor {
  etcd::SyncClient &etcd;
  std::shared_ptr<etcd::KeepAlive> refresher;
  bool lost = false;

  void run() {
    etcd::Response granted = etcd.leasegrant(10);
    int64_t lease = granted.value().lease();
    refresher = std::make_shared<etcd::KeepAlive>(
        etcd, [this](std::exception_ptr) { lost = true; }, 5, lease);
    if (etcd.lock_with_lease("/locks/ledger", lease).is_ok())
      compactLedger();
  }
};

// A lock class that takes its key by hand: add() creates the key only if it
// is absent, on a lease the class granted and never refreshes.
class LeaseLock {
public:
  LeaseLock(etcd::SyncClient &etcd, std::string key) : etcd_(etcd), key_(std::move(key)) {}
  bool acquire() {
    etcd::Response grant = etcd_.leasegrant(30);
    if (!grant.is_ok())
      return false;
    lease_ = grant.value().lease();
    return etcd_.add(key_, "owner", lease_).is_ok();
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: etcd lock 'key_' is held on a lease that nothing keeps alive{{.*}}
    // CHECK-MESSAGES: :[[@LINE-6]]:28: note: the lease is granted here{{.*}}
  }

private:
  etcd::SyncClient &etcd_;
  std::string key_;
  int64_t lease_ = 0;
};

// The same by hand on a lease the library refreshes, and a config key
// added on a granted lease by a class that is no lock: silent.
class KeptLock {
public:
  KeptLock(etcd::SyncClient &etcd, std::string key) : etcd_(etcd), key_(std::move(key)) {}
  bool acquire() {
    keepalive_ = etcd_.leasekeepalive(30);
    lease_ = keepalive_->Lease();
    return etcd_.add(key_, "owner", lease_).is_ok();
  }

private:
  etcd::SyncClient &etcd_;
  std::string key_;
  std::shared_ptr<etcd::KeepAlive> keepalive_;
  int64_t lease_ = 0;
};

class Announcer {
public:
  explicit Announcer(etcd::SyncClient &etcd) : etcd_(etcd) {}
  bool announce(const std::string &name) {
    int64_t lease = etcd_.leasegrant(30).value().lease();
    return etcd_.add("/services/" + name, "up", lease).is_ok();
  }

private:
  etcd::SyncClient &etcd_;
};
