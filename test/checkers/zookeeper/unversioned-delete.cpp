// zoo_delete(..., -1) of a lock node with a fixed name deletes whoever's
// node is there now.
// RUN: %check_distlock %s distlock-zookeeper-unversioned-delete %t -- -std=c++17 -DTHREADED
// RUN: %check_distlock --tool=plugin %s distlock-zookeeper-unversioned-delete %t-plugin -- -std=c++17 -DTHREADED

#include <zookeeper/zookeeper.h>
#include <string>

/// A scheduler's leader election, on a fixed node.
class Election {
public:
  explicit Election(zhandle_t *zh) : zh_(zh), node_("/scheduler/leader") {}

  bool campaign() {
    return zoo_create(zh_, node_.c_str(), "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr,
                      0) == ZOK;
  }
  void resign() {
    zoo_delete(zh_, node_.c_str(), -1);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'zoo_delete' with version -1 deletes lock node '/scheduler/leader' whoever holds it: once this session has expired and another process has taken the lock, it deletes theirs [distlock-zookeeper-unversioned-delete]
    // CHECK-MESSAGES: :15:12: note: the node is created here; create it with ZOO_EPHEMERAL_SEQUENTIAL and delete the name the create returned, which only this session has
  }

private:
  zhandle_t *zh_;
  std::string node_;
};

/// The recipe: a sequential node whose name only this session has.
class QueueLock {
public:
  explicit QueueLock(zhandle_t *zh) : zh_(zh) {}

  bool enter() {
    char created[256];
    if (zoo_create(zh_, "/locks/reindex/lock-", "", 0, &ZOO_OPEN_ACL_UNSAFE,
                   ZOO_EPHEMERAL_SEQUENTIAL, created, sizeof created) != ZOK)
      return false;
    mine_ = created;
    return true;
  }
  // The name the server gave, kept in a member: silent.
  void leave() { zoo_delete(zh_, mine_.c_str(), -1); }

  // Deleting the very buffer the create filled: silent too.
  void once() {
    char created[256];
    if (zoo_create(zh_, "/locks/reindex/lock-", "", 0, &ZOO_OPEN_ACL_UNSAFE,
                   ZOO_EPHEMERAL_SEQUENTIAL, created, sizeof created) == ZOK)
      zoo_delete(zh_, created, -1);
  }

private:
  zhandle_t *zh_;
  std::string mine_;
};

// A version that is checked, and a node that is not a lock, stay silent.
void others(zhandle_t *zh, int version) {
  zoo_create(zh, "/scheduler/leader", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
  zoo_delete(zh, "/scheduler/leader", version);
  zoo_create(zh, "/scheduler/status", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
  zoo_delete(zh, "/scheduler/status", -1);
}
