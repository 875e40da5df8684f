// RUN: %check_distlock %s distlock-acquire-unchecked %t -- -std=c++17 -DTHREADED

// A registry of members creates ephemeral sequential nodes and lists them,
// but never watches a predecessor: no lock is queued for, so a create that
// only logs its failure is not an unchecked acquire.

#include <zookeeper/zookeeper.h>
#include <cstdio>
#include <string>

void publishPeers(const String_vector &children);
void startServing();

void join(zhandle_t *zh, const std::string &group) {
  char created[256];
  int rc = zoo_create(zh, (group + "/member-").c_str(), nullptr, -1, &ZOO_OPEN_ACL_UNSAFE,
                      ZOO_EPHEMERAL | ZOO_SEQUENCE, created, sizeof created);
  if (rc != ZOK)
    std::printf("could not join: %d\n", rc);
  String_vector children;
  if (zoo_get_children(zh, group.c_str(), 0, &children) == ZOK)
    publishPeers(children);
  startServing();
}
