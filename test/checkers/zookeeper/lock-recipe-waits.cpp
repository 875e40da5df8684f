// RUN: %check_distlock %s distlock-unbounded-acquire %t -- -std=c++17 -isystem %stubs -DTHREADED

// A lock class that takes its lock by ZooKeeper's recipe: an ephemeral
// sequential child of a parent path the caller names, then the children,
// then a watch. The parent path is a parameter, so no word in it says lock:
// the recipe does.

#include <zookeeper/zookeeper.h>
#include <condition_variable>
#include <mutex>
#include <string>

class ZkLock {
public:
  explicit ZkLock(zhandle_t *zh) : Zh(zh) {}

  bool lock(const char *parent) {
    std::string prefix = std::string(parent) + "/n-";
    char created[256];
    if (zoo_create(Zh, prefix.c_str(), nullptr, -1, &ZOO_OPEN_ACL_UNSAFE,
                   ZOO_EPHEMERAL | ZOO_SEQUENCE, created, sizeof created) != ZOK)
      return false;
    Mine = created;
    while (true) {
      String_vector children;
      if (zoo_wget_children(Zh, parent, &ZkLock::changed, this, &children) != ZOK)
        return false;
      bool first = children.count > 0 && Mine.find(children.data[0]) != std::string::npos;
      deallocate_String_vector(&children);
      if (first)
        return true;
      std::unique_lock<std::mutex> hold(M);
      Cv.wait(hold);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: this loop waits for ZooKeeper lock node 'parent' with no deadline and no limit on attempts
      // CHECK-MESSAGES: :[[@LINE-9]]:11: note: the lock's node is looked at here
    }
  }

  // The predecessor's node, watched, then a predicate wait: the standard
  // defines it as a loop until the predicate holds.
  bool waitForPredecessor(const std::string &previous) {
    if (zoo_wexists(Zh, previous.c_str(), &ZkLock::changed, this, nullptr) == ZNONODE)
      return true;
    std::unique_lock<std::mutex> hold(M);
    Cv.wait(hold, [&] { return Gone; });
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: this wait for ZooKeeper lock node '{}' has no deadline: a holder that never lets go blocks it forever
    // CHECK-MESSAGES: :[[@LINE-5]]:9: note: the lock's node is watched here
    return true;
  }

  // Bounded: the same wait with a timeout.
  bool waitForPredecessorFor(const std::string &previous) {
    if (zoo_wexists(Zh, previous.c_str(), &ZkLock::changed, this, nullptr) == ZNONODE)
      return true;
    std::unique_lock<std::mutex> hold(M);
    return Cv.wait_for(hold, std::chrono::seconds(10), [&] { return Gone; });
  }

  // A node with a path of its own that says nothing of a lock is not the
  // lock's, even here.
  void waitForConfig() {
    while (zoo_exists(Zh, "/service/config", 0, nullptr) != ZOK) {
      std::unique_lock<std::mutex> hold(M);
      Cv.wait(hold);
    }
  }

private:
  static void changed(zhandle_t *, int, int, const char *, void *self) {
    auto *Lock = static_cast<ZkLock *>(self);
    std::lock_guard<std::mutex> hold(Lock->M);
    Lock->Gone = true;
    Lock->Cv.notify_all();
  }

  zhandle_t *Zh;
  std::string Mine;
  std::mutex M;
  std::condition_variable Cv;
  bool Gone = false;
};
