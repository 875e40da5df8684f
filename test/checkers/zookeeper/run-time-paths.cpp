// RUN: %check_distlock %s distlock-unbounded-acquire %t -- -std=c++17 -isystem %stubs -DTHREADED

// Without ZooKeeper's lock recipe in the unit, a wait on a node whose whole
// path comes at run time says nothing of a lock: no finding.

#include <zookeeper/zookeeper.h>
#include <condition_variable>
#include <mutex>

void waitForAnyNode(zhandle_t *zh, const char *path, std::condition_variable &cv, std::mutex &m) {
  while (zoo_exists(zh, path, 1, nullptr) != ZOK) {
    std::unique_lock<std::mutex> hold(m);
    cv.wait(hold);
  }
}

void waitForChildren(zhandle_t *zh, const char *parent, std::condition_variable &cv,
                     std::mutex &m, bool &ready) {
  String_vector children;
  zoo_get_children(zh, parent, 1, &children);
  std::unique_lock<std::mutex> hold(m);
  cv.wait(hold, [&] { return ready; });
}
