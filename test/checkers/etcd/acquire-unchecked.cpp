// lock() answers an error when it times out or the lease cannot be made;
// ZooKeeper's create answers ZNODEEXISTS when another process holds the node.
// RUN: %check_distlock %s distlock-acquire-unchecked %t -- -std=c++17 -DTHREADED -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked %t-plugin -- -std=c++17 -DTHREADED -isystem %stubs

#include <etcd/SyncClient.hpp>
#include <zookeeper/zookeeper.h>

void rebuild();

void etcdDropped(etcd::SyncClient &etcd) {
  etcd.lock("/locks/rebuild");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'etcd::SyncClient::lock' is never checked: the code after it runs whether or not this process got the lock [distlock-acquire-unchecked]
  rebuild();
}

void zooDropped(zhandle_t *zh) {
  zoo_create(zh, "/rebuild/leader", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'zoo_create' is never checked{{.*}}
  rebuild();
}

// Read and tested, in each of the forms code uses: silent.
void checked(etcd::SyncClient &etcd, zhandle_t *zh) {
  if (etcd.lock("/locks/rebuild").is_ok())
    rebuild();
  int rc = zoo_create(zh, "/rebuild/leader", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
  if (rc != ZOK)
    return;
  rebuild();
  if (!zoo_create(zh, "/rebuild/leader", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0))
    rebuild();
}

// Only one failure leaves: a lost connection (ZCONNECTIONLOSS) goes on to
// the work as if the node were this process's.
void zooOneFailureLeaves(zhandle_t *zh) {
  int rc = zoo_create(zh, "/rebuild/leader", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: the result of 'zoo_create' is tested, but 'rebuild' runs whether or not this process got the lock [distlock-acquire-unchecked]
  if (rc == ZNODEEXISTS)
    return;
  rebuild();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
}
