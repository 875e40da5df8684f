// A node whose path is known only at run time is a lock when the code
// treats it as one: a function named as a lock's answers whether it could
// create it, keeps its path in a member, and another function deletes the
// node that member names. The class's name says nothing here. A process's
// registration is made and deleted the same way; without a lock's name it
// is no lock.
// RUN: %check_distlock %s distlock-unfenced-write,distlock-acquire-unchecked %t -- -std=c++17 -DTHREADED

#include <zookeeper/zookeeper.h>
#include <string>

class Session {
public:
  explicit Session(zhandle_t *zh) : zh_(zh) {}

  bool tryLock(const std::string &path) {
    if (zoo_create(zh_, path.c_str(), "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0) !=
        ZOK)
      return false;
    held_ = path;
    return true;
  }

  void letGo() {
    if (!held_.empty())
      zoo_delete(zh_, held_.c_str(), -1);
    held_.clear();
  }

  // Registers this process: the node stays for the session's life.
  bool announce(const std::string &path) {
    return zoo_create(zh_, path.c_str(), "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr,
                      0) == ZOK;
  }

  // Registers this process until it leaves.
  bool join(const std::string &path) {
    if (zoo_create(zh_, path.c_str(), "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0) !=
        ZOK)
      return false;
    member_ = path;
    return true;
  }

  void leave() { zoo_delete(zh_, member_.c_str(), -1); }

  zhandle_t *handle() const { return zh_; }

private:
  zhandle_t *zh_;
  std::string held_;
  std::string member_;
};

// Read the epoch, add one, write it back: the write holds no token.
int bumpEpoch(Session &session, const std::string &shard) {
  if (!session.tryLock("/shards/" + shard + "/owner"))
    return -1;
  int rc = zoo_set(session.handle(), "/shards/epoch", "2", 1, -1);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: write to ZooKeeper node '/shards/epoch' in the scope of lock '{}'{{.*}} [distlock-unfenced-write]
  // CHECK-MESSAGES: :[[@LINE-4]]:8: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE-3]]:12: note: write in a zoo_multi{{.*}}
  session.letGo();
  return rc;
}

// The answer dropped: the work runs whether or not the node was created.
void rotate(Session &session) {
  session.tryLock("/audit/rotation");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'Session::tryLock' is never checked: the code after it runs whether or not this process got the lock [distlock-acquire-unchecked]
  zoo_set(session.handle(), "/audit/generation", "1", 1, -1);
  session.letGo();
}

// A node nobody deletes is no lock: announcing and then writing is silent.
void join(Session &session) {
  if (!session.announce("/members/me"))
    return;
  zoo_set(session.handle(), "/members/count", "1", 1, -1);
}

// A member that leaves is no lock holder: its writes say nothing.
void serve(Session &session) {
  if (!session.join("/members/me"))
    return;
  zoo_set(session.handle(), "/members/load", "1", 1, -1);
  session.leave();
}
