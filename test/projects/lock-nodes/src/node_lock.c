#include "node_lock.h"

#include <stdio.h>
#include <stdlib.h>

node_lock *nl_open(zhandle_t *zh, const char *job) {
  node_lock *l = calloc(1, sizeof *l);
  if (l == NULL)
    return NULL;
  l->zh = zh;
  snprintf(l->lock_path, sizeof l->lock_path, "/cron/locks/%s", job);
  snprintf(l->lease_path, sizeof l->lease_path, "/cron/locks/%s.lease", job);
  return l;
}

int nl_acquire(node_lock *l) {
  int rc = zoo_create(l->zh, l->lock_path, "me", 2, &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT,
                      NULL, 0);
  if (rc == ZOK)
    return NL_HELD;
  return rc == ZNODEEXISTS ? NL_BUSY : NL_ERROR;
}

int nl_release(node_lock *l) {
  return zoo_delete(l->zh, l->lock_path, -1) == ZOK ? 0 : -1;
}

int nl_acquire_lease(node_lock *l) {
  int rc = zoo_create(l->zh, l->lease_path, "me", 2, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL,
                      NULL, 0);
  if (rc == ZNODEEXISTS)
    return NL_BUSY;
  if (rc != ZOK)
    return NL_ERROR;
  l->lease_version = 0; // a node this call made has seen no change
  return NL_HELD;
}

int nl_release_lease(node_lock *l) {
  return zoo_delete(l->zh, l->lease_path, l->lease_version) == ZOK ? 0 : -1;
}
