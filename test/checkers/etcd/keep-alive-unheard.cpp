// A KeepAlive that fails stops refreshing; the program must hear it.
// RUN: %check_distlock %s distlock-etcd-lease-not-kept-alive %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-etcd-lease-not-kept-alive %t-plugin -- -std=c++17 -isystem %stubs

#include <etcd/KeepAlive.hpp>
#include <etcd/SyncClient.hpp>
#include <atomic>
#include <exception>
#include <memory>
#include <string>

bool compactStep();

/// Holds the ledger lock on a lease of its own.
class LedgerCompactor {
public:
  explicit LedgerCompactor(etcd::SyncClient &etcd) : etcd_(etcd), refresh_(etcd, 10) {}

  void run() {
    etcd::Response held = etcd_.lock_with_lease("/locks/ledger", refresh_.Lease());
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: etcd lock '/locks/ledger' is held on a KeepAlive whose failure nobody hears: no handler was given and Check() is never called, so when the refresh stops the lease ends and the lock with it, unseen [distlock-etcd-lease-not-kept-alive]
    // CHECK-MESSAGES: :17:67: note: the KeepAlive is made here; pass a handler that stops the work, or call Check() before each step
    if (!held.is_ok())
      return;
    while (compactStep()) {
    }
  }

private:
  etcd::SyncClient &etcd_;
  etcd::KeepAlive refresh_;
};

/// Checks its KeepAlive before each step: silent.
class CheckedCompactor {
public:
  explicit CheckedCompactor(etcd::SyncClient &etcd) : etcd_(etcd), refresh_(etcd, 10) {}

  void run() {
    etcd::Response held = etcd_.lock_with_lease("/locks/ledger", refresh_.Lease());
    if (!held.is_ok())
      return;
    do
      refresh_.Check();
    while (compactStep());
  }

private:
  etcd::SyncClient &etcd_;
  etcd::KeepAlive refresh_;
};

std::atomic<bool> leaseLost{false};

// A handler hears the failure: silent.
void withHandler(etcd::SyncClient &etcd) {
  etcd::KeepAlive refresh(etcd, [](std::exception_ptr) { leaseLost = true; }, 10);
  if (etcd.lock_with_lease("/locks/ledger", refresh.Lease()).is_ok())
    while (!leaseLost && compactStep()) {
    }
}

// lock(key) keeps its own lease alive: silent.
void libraryLease(etcd::SyncClient &etcd) {
  if (etcd.lock("/locks/ledger").is_ok())
    compactStep();
}
