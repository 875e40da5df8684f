// A holder of ephemeral lock nodes must hear its session expire.
// RUN: %check_distlock %s distlock-zookeeper-session-loss-ignored %t -- -std=c++17 -DTHREADED
// RUN: %check_distlock --tool=plugin %s distlock-zookeeper-session-loss-ignored %t-plugin -- -std=c++17 -DTHREADED

#include <zookeeper/zookeeper.h>
#include <atomic>

std::atomic<bool> changed{false};
std::atomic<bool> lost{false};

// Wakes the waiter on a node change; the session's end goes unheard.
void onNodeChange(zhandle_t *, int type, int, const char *, void *) {
  if (type == ZOO_DELETED_EVENT)
    changed = true;
}

// Hears it.
void onSession(zhandle_t *, int type, int state, const char *, void *) {
  if (type == ZOO_SESSION_EVENT && state == ZOO_EXPIRED_SESSION_STATE)
    lost = true;
}

zhandle_t *connectDeaf(const char *hosts) {
  return zookeeper_init(hosts, onNodeChange, 10000, nullptr, nullptr, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: the session watcher never looks at the session's state: when it expires, ZooKeeper deletes this process's ephemeral lock nodes and another process takes the lock while this one works on [distlock-zookeeper-session-loss-ignored]
  // CHECK-MESSAGES: :12:6: note: watcher defined here; on ZOO_EXPIRED_SESSION_STATE stop the work the lock protects
  // CHECK-MESSAGES: :[[@LINE+7]]:10: note: ephemeral lock node created here
}

zhandle_t *connectWithout(const char *hosts) { return zookeeper_init(hosts, nullptr, 10000, nullptr, nullptr, 0); }
// CHECK-MESSAGES: :[[@LINE-1]]:55: warning: no watcher hears this session end: {{.*}}

bool lead(zhandle_t *zh) {
  return zoo_create(zh, "/jobs/leader", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0) == ZOK;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: note: ephemeral lock node created here
}

zhandle_t *connectListening(const char *hosts) {
  return zookeeper_init(hosts, onSession, 10000, nullptr, nullptr, 0);
}

// A watcher defined elsewhere cannot be read: silent.
void externalWatcher(zhandle_t *, int, int, const char *, void *);
zhandle_t *connectElsewhere(const char *hosts) {
  return zookeeper_init(hosts, externalWatcher, 10000, nullptr, nullptr, 0);
}
