// A lock class over ZooKeeper: its constructor creates the ephemeral lock
// node and throws when another process holds it; the node goes with the
// object. The writes made while it lives, through the service's helpers,
// are under the lock.
// RUN: %check_distlock %s distlock-unfenced-write %t -- -std=c++17 -DTHREADED
// RUN: %check_distlock --tool=plugin %s distlock-unfenced-write %t-plugin -- -std=c++17 -DTHREADED

#include <zookeeper/zookeeper.h>
#include <stdexcept>
#include <string>

class NodeLock {
public:
  NodeLock(zhandle_t *zh, const char *path) : zh_(zh), path_(path) {
    int rc = zoo_create(zh_, path_, "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
    if (rc != ZOK)
      throw std::runtime_error("lock is held elsewhere");
  }
  ~NodeLock() { zoo_delete(zh_, path_, -1); }

private:
  zhandle_t *zh_;
  const char *path_;
};

class Scheduler {
public:
  explicit Scheduler(zhandle_t *zh) : zh_(zh) {}

  void publish(const char *node, const std::string &value) {
    zoo_set(zh_, node, value.data(), static_cast<int>(value.size()), -1);
  }

  void rotate() {
    NodeLock held(zh_, "/scheduler/lock");
    publish("/scheduler/plan", "v3");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: write to ZooKeeper node '/scheduler/plan' in the scope of lock '/scheduler/lock' has no fencing predicate; a holder whose lock expired during a pause can still overwrite newer data [distlock-unfenced-write]
    // CHECK-MESSAGES: :[[@LINE-3]]:14: note: lock acquired here
    // CHECK-MESSAGES: :[[@LINE-3]]:5: note: write in a zoo_multi with a zoo_check_op on the lock node, or carry the lock node's czxid to the resource as a fencing token it compares
  }

  // The plan published before the lock is taken is not under it.
  void draft() {
    publish("/scheduler/draft", "v4");
    NodeLock held(zh_, "/scheduler/lock");
  }

private:
  zhandle_t *zh_;
};
