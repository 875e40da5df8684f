// RUN: %check_distlock %s distlock-unfenced-write,distlock-acquire-unchecked,distlock-release-not-on-every-path %t \
// RUN:   --config="{CheckOptions: {LockApiModelFiles: '%S/Inputs/service-lock-apis.json'}}" \
// RUN:   -- -std=c++17

// A service's coordination clients seen only by their declarations, the way
// a per-file run sees a client class defined in another unit. A lock-API
// model file (written by --export-models, or by hand) says what they do:
// Store::lock() returns only holding an etcd lock, NodeLocks::tryLock()
// answers ZooKeeper's status, and put() and writeNode() write the service.

#include <string>

namespace cluster {

class Store {
public:
  std::string lock(const std::string &name);
  void unlock(const std::string &unlockKey);
  std::string get(const std::string &key);
  void put(const std::string &key, const std::string &value);
};

class NodeLocks {
public:
  int tryLock(const std::string &path);
  void unlock(const std::string &path);
};

int writeNode(const std::string &path, const std::string &data);

// Holds a lock for its life: its only constructor that is not a copy or a
// move takes it.
class Hold {
public:
  Hold(Store &store, const std::string &name) : store_(store), key_(store.lock(name)) {}
  Hold(Hold &&) = default;
  ~Hold() { store_.unlock(key_); }

private:
  Store &store_;
  std::string key_;
};

// May hold one: built empty, it holds none.
class MaybeHold {
public:
  MaybeHold() : store_(nullptr) {}
  MaybeHold(Store &store, const std::string &name) : store_(&store), key_(store.lock(name)) {}
  ~MaybeHold() {
    if (store_)
      store_->unlock(key_);
  }

private:
  Store *store_;
  std::string key_;
};

// Factories defined in another unit.
Hold holdFor(Store &store, const std::string &name);
MaybeHold holdIfFree(Store &store, const std::string &name);

} // namespace cluster

using namespace cluster;

// Read, add one, write back: the write carries nothing that fails once the
// lock has passed to another replica.
void bumpCounter(Store &store) {
  std::string held = store.lock("locks/counter");
  long next = std::stol(store.get("counter")) + 1;
  store.put("counter", std::to_string(next));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to etcd key 'counter' in the scope of lock 'locks/counter' has no fencing predicate{{.*}} [distlock-unfenced-write]
  // CHECK-MESSAGES: :[[@LINE-4]]:22: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: write in a transaction that compares{{.*}}
  store.unlock(held);
  // Once the lock is let go, a write is no business of the lock's.
  store.put("counter/updated", "1");
}

// The key is built at run time: the finding shows what is known of it.
void renameShard(Store &store, const std::string &shard) {
  std::string held = store.lock("locks/shards");
  store.put("shards/" + shard, "moving");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to etcd key 'shards/{}' in the scope of lock 'locks/shards'{{.*}}
  // CHECK-MESSAGES: :[[@LINE-3]]:22: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: write in a transaction{{.*}}
  store.unlock(held);
}

// The answer is ZooKeeper's status: the lock is held where it was ZOK.
int assignShards(NodeLocks &locks, const std::string &plan) {
  writeNode("/registry/alive/me", "1"); // before the lock: not in its scope
  if (locks.tryLock("/registry/locks/assign") != 0)
    return -1;
  int rc = writeNode("/registry/assignments", plan);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: write to ZooKeeper node '/registry/assignments' in the scope of lock '/registry/locks/assign'{{.*}} [distlock-unfenced-write]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE-3]]:12: note: write in a zoo_multi{{.*}}
  locks.unlock("/registry/locks/assign");
  return rc;
}

// A lock that returns only once held has no answer to check; one that
// answers a status does, and dropping it is reported.
void compact(Store &store, NodeLocks &locks) {
  store.lock("locks/compaction");
  locks.tryLock("/registry/locks/compaction");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'cluster::NodeLocks::tryLock' is never checked: the code after it runs whether or not this process got the lock [distlock-acquire-unchecked]
  store.get("compaction/state");
}

// However the factory builds it, a Hold holds the lock: the write is in its
// scope. Which key the factory hands on is not known here.
void resetCounter(Store &store) {
  Hold held = holdFor(store, "locks/counter");
  store.put("counter", "0");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to etcd key 'counter' in the scope of lock '{}' has no fencing predicate{{.*}} [distlock-unfenced-write]
  // CHECK-MESSAGES: :[[@LINE-3]]:8: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: write in a transaction{{.*}}
}

// A MaybeHold from a factory may be an empty one: nothing is said.
void resetIfFree(Store &store) {
  MaybeHold held = holdIfFree(store, "locks/counter");
  store.put("counter", "0");
}

// NodeLocks::unlock() lets the lock go: a return before it leaves the lock
// node behind.
int publish(NodeLocks &locks, const std::string &plan) {
  if (locks.tryLock("/registry/locks/publish") != 0)
    return -1;
  if (plan.empty())
    return 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'return' leaves the scope of ZooKeeper lock '/registry/locks/publish' before its release{{.*}} [distlock-release-not-on-every-path]
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE+1]]:3: note: the lock is released here on the other paths
  locks.unlock("/registry/locks/publish");
  return 1;
}

// An etcd lock let go under a ZooKeeper lock does not release it: where the
// ZooKeeper lock is released is not shown here, and nothing is said.
int mirror(NodeLocks &locks, Store &store, const std::string &held) {
  if (locks.tryLock("/registry/locks/mirror") != 0)
    return -1;
  if (held.empty())
    return 0;
  store.unlock(held);
  return 1;
}
