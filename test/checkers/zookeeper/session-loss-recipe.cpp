// The lock recipe, not a word in the path, says which nodes are locks: a
// unit that queues with an ephemeral sequential node, lists the children
// and watches a predecessor holds a lock, whatever the node is called.
// RUN: %check_distlock %s distlock-zookeeper-session-loss-ignored %t -- -std=c++17 -DTHREADED
// RUN: %check_distlock --tool=plugin %s distlock-zookeeper-session-loss-ignored %t-plugin -- -std=c++17 -DTHREADED

#include <zookeeper/zookeeper.h>
#include <cstdio>
#include <string>

// Hears nothing: its body is empty.
void ignoreEvents(zhandle_t *, int, int, const char *, void *) {}

zhandle_t *openSession(const char *hosts) {
  return zookeeper_init(hosts, ignoreEvents, 30000, nullptr, nullptr, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: the session watcher never looks at the session's state: {{.*}} [distlock-zookeeper-session-loss-ignored]
  // CHECK-MESSAGES: :12:6: note: watcher defined here; on ZOO_EXPIRED_SESSION_STATE stop the work the lock protects
  // CHECK-MESSAGES: :[[@LINE+7]]:7: note: ephemeral lock node created here
}

// The writers of one file take turns under a folder named for the file.
bool takeTurn(zhandle_t *zh, const std::string &file, std::string &mine) {
  std::string folder = "/files/" + file;
  char created[512];
  if (zoo_create(zh, (folder + "/w-").c_str(), nullptr, -1, &ZOO_OPEN_ACL_UNSAFE,
                 ZOO_EPHEMERAL | ZOO_SEQUENCE, created, sizeof created) != ZOK)
    return false;
  mine = created;
  String_vector turns;
  if (zoo_get_children(zh, folder.c_str(), 0, &turns) != ZOK)
    return false;
  bool first = turns.count > 0 && mine.find(turns.data[0]) != std::string::npos;
  std::string before = turns.count > 0 ? folder + "/" + turns.data[0] : std::string();
  deallocate_String_vector(&turns);
  if (first)
    return true;
  struct Stat seen;
  return zoo_exists(zh, before.c_str(), 1, &seen) == ZNONODE;
}
