// A ledger compaction guarded by an etcd lock (etcd-cpp-apiv3; compiled
// against the stand-in headers under test/Inputs/include).
#include <etcd/KeepAlive.hpp>
#include <etcd/SyncClient.hpp>
#include <atomic>
#include <chrono>
#include <exception>
#include <string>

bool compactStep();

// Broken: no gRPC timeout, so lock() waits forever behind a stuck holder;
// and the lease is granted but never refreshed, so after ten seconds the
// lock is another process's while this one compacts on.
void broken_compact(const std::string &endpoints) {
  etcd::SyncClient etcd(endpoints);
  int64_t lease = etcd.leasegrant(10).value().lease();
  etcd::Response held = etcd.lock_with_lease("/locks/ledger", lease);
  if (!held.is_ok())
    return;
  while (compactStep()) {
  }
  etcd.unlock(held.lock_key());
}

std::atomic<bool> leaseLost{false};

// Fixed: a bounded wait, and a KeepAlive whose failure stops the work.
void fixed_compact(const std::string &endpoints) {
  etcd::SyncClient etcd(endpoints);
  etcd.set_grpc_timeout(std::chrono::seconds(10));
  etcd::KeepAlive refresh(etcd, [](std::exception_ptr) { leaseLost = true; }, 10);
  etcd::Response held = etcd.lock_with_lease("/locks/ledger", refresh.Lease());
  if (!held.is_ok())
    return;
  while (!leaseLost && compactStep()) {
  }
  etcd.unlock(held.lock_key());
}
