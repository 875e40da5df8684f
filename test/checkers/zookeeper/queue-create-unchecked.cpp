// RUN: %check_distlock %s distlock-acquire-unchecked %t -- -std=c++17 -DTHREADED

// ZooKeeper's lock recipe queues with an ephemeral sequential create, then
// looks at the children and watches the node before its own. The create
// holds no lock yet, but it can fail (a lost connection): code that only
// logs the failure and goes on waits for a turn it never queued for.

#include <zookeeper/zookeeper.h>
#include <cstdio>
#include <string>

void onTurn(zhandle_t *, int, int, const char *, void *);
bool firstChild(const String_vector &children, const std::string &mine);
void rebuildIndex();

class FileLocks {
public:
  explicit FileLocks(zhandle_t *zh) : zh_(zh) {}

  bool waitTurn(const std::string &dir, const std::string &mine) {
    String_vector children;
    if (zoo_get_children(zh_, dir.c_str(), 0, &children) != ZOK)
      return false;
    if (firstChild(children, mine))
      return true;
    zoo_wexists(zh_, (dir + "/" + children.data[0]).c_str(), onTurn, this, nullptr);
    return false;
  }

  void lockLoggingOnly(const std::string &dir) {
    char created[256];
    int rc = zoo_create(zh_, (dir + "/n-").c_str(), nullptr, -1, &ZOO_OPEN_ACL_UNSAFE,
                        ZOO_EPHEMERAL | ZOO_SEQUENCE, created, sizeof created);
    // CHECK-MESSAGES: :[[@LINE-2]]:14: warning: the result of 'zoo_create' is tested, but 'waitTurn' runs whether or not this process got a place in the queue for lock '{}/n-' [distlock-acquire-unchecked]
    if (rc != ZOK)
      std::printf("create failed: %d\n", rc);
    waitTurn(dir, created);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: here, also when it was not taken
    rebuildIndex();
  }

  bool lock(const std::string &dir) {
    char created[256];
    int rc = zoo_create(zh_, (dir + "/n-").c_str(), nullptr, -1, &ZOO_OPEN_ACL_UNSAFE,
                        ZOO_EPHEMERAL | ZOO_SEQUENCE, created, sizeof created);
    if (rc != ZOK)
      return false;
    while (!waitTurn(dir, created)) {
    }
    rebuildIndex();
    return true;
  }

private:
  zhandle_t *zh_;
};
