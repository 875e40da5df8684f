// A lock class whose attempt lives in a method of its own: lock() creates
// the sequential node, then calls tryTake() until it answers yes. The wait
// is the caller's loop, whatever path the node has.
// RUN: %check_distlock %s distlock-unbounded-acquire %t -- -std=c++17 -DTHREADED

#include <zookeeper/zookeeper.h>
#include <algorithm>
#include <cstring>
#include <string>
#include <unistd.h>

class QueueLock {
public:
  QueueLock(zhandle_t *zh, std::string dir) : zh_(zh), dir_(std::move(dir)) {}

  bool create() {
    char created[512];
    int rc = zoo_create(zh_, (dir_ + "/n-").c_str(), "", 0, &ZOO_OPEN_ACL_UNSAFE,
                        ZOO_EPHEMERAL | ZOO_SEQUENCE, created, sizeof created);
    if (rc != ZOK)
      return false;
    mine_ = created;
    return true;
  }

  // One look: true when this process's node is the first child.
  bool tryTake() {
    String_vector children;
    if (zoo_get_children(zh_, dir_.c_str(), 0, &children) != ZOK)
      return false;
    std::sort(children.data, children.data + children.count,
              [](const char *a, const char *b) { return strcmp(a, b) < 0; });
    bool first = children.count > 0 && mine_ == dir_ + "/" + children.data[0];
    deallocate_String_vector(&children);
    return first;
  }

  void lock() {
    if (!create())
      return;
    bool taken = tryTake();
    while (!taken) {
      // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: this loop waits for ZooKeeper lock node 'dir_' with no deadline and no limit on attempts: a holder that never lets go blocks every waiter [distlock-unbounded-acquire]
      usleep(1000);
      taken = tryTake();
      // CHECK-MESSAGES: :[[@LINE-1]]:15: note: each attempt calls 'tryTake', which looks at the lock's nodes
      // CHECK-MESSAGES: :[[@LINE-18]]:9: note: the lock's node is looked at here
      // CHECK-MESSAGES: :[[@LINE-6]]:5: note: end the loop at a deadline
    }
  }

  // Bounded: at most fifty attempts.
  bool lockFor(int attempts) {
    if (!create())
      return false;
    for (int i = 0; i < attempts; ++i) {
      if (tryTake())
        return true;
      usleep(1000);
    }
    return false;
  }

  // The loop also ends when the service stops: not a wait for the lock alone.
  void lockUntilStopped(const bool &stopping) {
    if (!create())
      return;
    while (!stopping && !tryTake())
      usleep(1000);
  }

private:
  zhandle_t *zh_;
  std::string dir_;
  std::string mine_;
};

// A loop around a function that only reads data: not a lock's wait.
int readConfig(zhandle_t *zh, char *buffer, int *length) {
  return zoo_get(zh, "/config/limits", 0, buffer, length, nullptr);
}

void waitForConfig(zhandle_t *zh) {
  char buffer[64];
  int length = sizeof buffer;
  while (readConfig(zh, buffer, &length) != ZOK)
    sleep(1);
}
