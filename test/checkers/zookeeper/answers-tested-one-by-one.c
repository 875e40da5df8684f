// A create's answer tested one error at a time: `rc == ZNODEEXISTS` says
// another process holds the lock, and the code after it can still have
// failed for another reason. Only the test against ZOK tells the lock was
// taken.
// RUN: %check_distlock %s distlock-release-not-on-every-path %t -- -std=gnu11 -DTHREADED
// RUN: %check_distlock --tool=plugin %s distlock-release-not-on-every-path %t-plugin -- -std=gnu11 -DTHREADED

#include <zookeeper/zookeeper.h>
#include <stdio.h>

int move_partitions(const char *cluster);

int rebalance(zhandle_t *zh, const char *cluster) {
  char path[256];
  snprintf(path, sizeof path, "/clusters/%s/rebalance-mutex", cluster);
  int rc = zoo_create(zh, path, "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, NULL, 0);
  if (rc == ZNODEEXISTS)
    return 1;
  if (rc == ZCONNECTIONLOSS)
    return -2;
  if (rc != ZOK)
    return -1;
  if (move_partitions(cluster) != 0)
    return -3;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: {{.*}} [distlock-release-not-on-every-path]
  zoo_delete(zh, path, -1);
  return 0;
}

int rebalance_checked(zhandle_t *zh, const char *cluster) {
  char path[256];
  snprintf(path, sizeof path, "/clusters/%s/rebalance-mutex", cluster);
  int rc = zoo_create(zh, path, "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, NULL, 0);
  if (rc == ZNODEEXISTS)
    return 1;
  if (rc != ZOK)
    return -1;
  rc = move_partitions(cluster);
  zoo_delete(zh, path, -1);
  return rc;
}
