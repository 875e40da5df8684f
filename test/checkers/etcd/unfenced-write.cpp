// Writes under an etcd lock need the lock key's revision compared.
// RUN: %check_distlock %s distlock-unfenced-write %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-unfenced-write %t-plugin -- -std=c++17 -isystem %stubs

#include <etcd/SyncClient.hpp>

void compact(etcd::SyncClient &etcd) {
  etcd::Response held = etcd.lock("/locks/ledger");
  if (!held.is_ok())
    return;
  etcd.put("/ledger/compacted-through", "1042");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to etcd key '/ledger/compacted-through' in the scope of lock '/locks/ledger' has no fencing predicate; a holder whose lock expired during a pause can still overwrite newer data [distlock-unfenced-write]
  // CHECK-MESSAGES: :[[@LINE-5]]:25: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: write in a transaction that compares the lock key's create revision (etcdv3::Transaction::add_compare_create), or carry that revision to the resource as a fencing token it compares
  etcd.unlock(held.lock_key());
}

// The write in a transaction that compares the lock key's revision: silent.
void compactFenced(etcd::SyncClient &etcd) {
  etcd::Response held = etcd.lock("/locks/ledger");
  if (!held.is_ok())
    return;
  etcdv3::Transaction txn;
  txn.add_compare_create(held.lock_key(), held.value().created_index());
  txn.add_success_put("/ledger/compacted-through", "1042");
  etcd.txn(txn);
  etcd.unlock(held.lock_key());
}

// Nothing runs under the lock when it was not taken.
void failed(etcd::SyncClient &etcd) {
  etcd::Response held = etcd.lock("/locks/ledger");
  if (held.is_ok())
    etcd.unlock(held.lock_key());
  else
    etcd.put("/ledger/status", "skipped");
}
