#ifndef NODE_LOCK_H
#define NODE_LOCK_H

#include <zookeeper/zookeeper.h>

enum { NL_HELD = 0, NL_BUSY = 1, NL_ERROR = -1 };

typedef struct node_lock {
  zhandle_t *zh;
  char lock_path[128];
  char lease_path[128];
  int lease_version;
} node_lock;

node_lock *nl_open(zhandle_t *zh, const char *job);
int nl_acquire(node_lock *l);
int nl_release(node_lock *l);
int nl_acquire_lease(node_lock *l);
int nl_release_lease(node_lock *l);

#endif
