// A return between a ZooKeeper or etcd acquire and its release: the lock is
// kept for the session's or the lease's life.
// RUN: %check_distlock %s distlock-release-not-on-every-path %t -- -std=c++17 -DTHREADED -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-release-not-on-every-path %t-plugin -- -std=c++17 -DTHREADED -isystem %stubs

#include <etcd/SyncClient.hpp>
#include <zookeeper/zookeeper.h>

bool prepare();
void run();

void zooLeader(zhandle_t *zh) {
  if (zoo_create(zh, "/reports/leader", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0) != ZOK)
    return;
  if (!prepare())
    return;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'return' leaves the scope of ZooKeeper lock '/reports/leader' before its release: the lock node stays until this process's session ends [distlock-release-not-on-every-path]
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: lock acquired here
  run();
  zoo_delete(zh, "/reports/leader", -1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: the lock is released here on the other paths
}

void etcdLock(etcd::SyncClient &etcd) {
  etcd::Response held = etcd.lock("/locks/reports");
  if (held.error_code() != 0)
    return;
  if (!prepare())
    return;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'return' leaves the scope of etcd lock '/locks/reports' before its release: the lock stays until its lease ends, and the lease of lock() is kept alive for as long as the process runs [distlock-release-not-on-every-path]
  // CHECK-MESSAGES: :[[@LINE-6]]:25: note: lock acquired here
  run();
  etcd.unlock(held.lock_key());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: the lock is released here on the other paths
}

// Released on every path: silent.
void etcdReleased(etcd::SyncClient &etcd) {
  etcd::Response held = etcd.lock("/locks/reports");
  if (!held.is_ok())
    return;
  if (prepare())
    run();
  etcd.unlock(held.lock_key());
}
