// Ephemeral sequential nodes that nobody waits on are a membership list,
// not a lock: a session that ends takes the member away and nothing else.
// RUN: %check_distlock %s distlock-zookeeper-session-loss-ignored %t -- -std=c++17 -DTHREADED

#include <zookeeper/zookeeper.h>

void ignoreEvents(zhandle_t *, int, int, const char *, void *) {}

zhandle_t *openSession(const char *hosts) {
  return zookeeper_init(hosts, ignoreEvents, 30000, nullptr, nullptr, 0);
}

bool join(zhandle_t *zh, char *created, int size) {
  if (zoo_create(zh, "/members/m-", nullptr, -1, &ZOO_OPEN_ACL_UNSAFE,
                 ZOO_EPHEMERAL | ZOO_SEQUENCE, created, size) != ZOK)
    return false;
  String_vector members;
  bool listed = zoo_get_children(zh, "/members", 0, &members) == ZOK;
  if (listed)
    deallocate_String_vector(&members);
  return listed;
}
