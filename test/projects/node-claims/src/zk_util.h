#ifndef ZK_UTIL_H
#define ZK_UTIL_H
#include <zookeeper/zookeeper.h>

/* Deletes the node at path if it still has the given version. */
int zk_drop(zhandle_t *zh, const char *path, int version);

#endif
