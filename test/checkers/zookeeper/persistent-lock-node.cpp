// A lock node must die with its holder's session: ZOO_EPHEMERAL.
// RUN: %check_distlock %s distlock-zookeeper-persistent-lock-node %t -- -std=c++17 -DTHREADED
// RUN: %check_distlock --tool=plugin %s distlock-zookeeper-persistent-lock-node %t-plugin -- -std=c++17 -DTHREADED

#include <zookeeper/zookeeper.h>
#include <string>

void compact();

/// A leader lock kept in a member, taken and released by name.
class LeaderLock {
public:
  LeaderLock(zhandle_t *zh, const std::string &service)
      : zh_(zh), path_("/services/" + service + "/leader") {}

  bool acquire() {
    int rc = zoo_create(zh_, path_.c_str(), "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, nullptr, 0);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: lock node '/services/{}/leader' is created persistent: it outlives a holder that crashes or loses its session, and the lock is never freed [distlock-zookeeper-persistent-lock-node]
    // CHECK-FIXES: int rc = zoo_create(zh_, path_.c_str(), "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
    return rc == ZOK;
  }
  void release() { zoo_delete(zh_, path_.c_str(), -1); }

private:
  zhandle_t *zh_;
  std::string path_;
};

// The sequential recipe with a persistent node: every crashed waiter leaves
// a node that the queue waits on forever.
bool enqueue(zhandle_t *zh, char *mine, int size) {
  return zoo_create(zh, "/locks/compaction/lock-", "", 0, &ZOO_OPEN_ACL_UNSAFE,
                    ZOO_PERSISTENT_SEQUENTIAL, mine, size) == ZOK;
  // CHECK-MESSAGES: :[[@LINE-2]]:10: warning: lock node '/locks/compaction/lock-' is created persistent and sequential: {{.*}}
  // CHECK-FIXES: {{^}}                    ZOO_EPHEMERAL_SEQUENTIAL, mine, size) == ZOK;
}

bool enqueueDeprecatedFlag(zhandle_t *zh, char *mine, int size) {
  return zoo_create(zh, "/locks/compaction/lock-", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_SEQUENCE, mine, size) == ZOK;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: lock node '/locks/compaction/lock-' is created persistent and sequential: {{.*}}
  // CHECK-FIXES: return zoo_create(zh, "/locks/compaction/lock-", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL_SEQUENTIAL, mine, size) == ZOK;
}

// The correct forms: ephemeral lock nodes, and the persistent directories
// that hold them (never deleted by the lock, and not named a lock).
bool correct(zhandle_t *zh, char *mine, int size) {
  zoo_create(zh, "/locks", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, nullptr, 0);
  zoo_create(zh, "/locks/compaction", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_CONTAINER, nullptr, 0);
  if (zoo_create(zh, "/locks/compaction/lock-", "", 0, &ZOO_OPEN_ACL_UNSAFE,
                 ZOO_EPHEMERAL | ZOO_SEQUENCE, mine, size) != ZOK)
    return false;
  compact();
  zoo_delete(zh, mine, -1);
  return zoo_create(zh, "/app/leader", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0) == ZOK;
}

// A mode the program decides, and a node that is not a lock: silence.
void unknown(zhandle_t *zh, int mode) {
  zoo_create(zh, "/app/leader", "", 0, &ZOO_OPEN_ACL_UNSAFE, mode, nullptr, 0);
  zoo_create(zh, "/app/config", "{}", 2, &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, nullptr, 0);
  zoo_delete(zh, "/app/config", -1);
}

// The mode kept in a local that is set once: it is that mode.
bool takeMutex(zhandle_t *zh) {
  const int mode = ZOO_PERSISTENT;
  int rc = zoo_create(zh, "/jobs/mutex", "", 0, &ZOO_OPEN_ACL_UNSAFE, mode, nullptr, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: lock node '/jobs/mutex' is created persistent: {{.*}}
  // CHECK-FIXES: int rc = zoo_create(zh, "/jobs/mutex", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
  return rc == ZOK;
}
void dropMutex(zhandle_t *zh) { zoo_delete(zh, "/jobs/mutex", -1); }

// A local changed after it is set has no one mode: nothing is said.
bool takeMutexMaybe(zhandle_t *zh, bool sequential) {
  int mode = ZOO_PERSISTENT;
  if (sequential)
    mode |= ZOO_SEQUENCE;
  return zoo_create(zh, "/jobs/mutex", "", 0, &ZOO_OPEN_ACL_UNSAFE, mode, nullptr, 0) == ZOK;
}

// Set once to an ephemeral mode: correct, silent.
bool takeMutexEphemeral(zhandle_t *zh) {
  int mode = ZOO_EPHEMERAL;
  return zoo_create(zh, "/jobs/mutex", "", 0, &ZOO_OPEN_ACL_UNSAFE, mode, nullptr, 0) == ZOK;
}
