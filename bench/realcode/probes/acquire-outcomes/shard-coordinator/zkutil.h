#ifndef SHARD_ZKUTIL_H
#define SHARD_ZKUTIL_H

#include <zookeeper/zookeeper.h>

#define SHARD_ROOT "/shards"

/*
 * Create an ephemeral owner node at `path` carrying `node_id`.
 *   1  we own it
 *   0  somebody else owns it
 *  -1  ZooKeeper error (connection loss, missing parent, ...)
 * On 1, *version_out receives the node's version for a later checked delete.
 */
int zk_try_lock(zhandle_t *zh, const char *path, const char *node_id, int *version_out);

/* Checked delete of a node we created. Returns a ZOO_ERRORS code. */
int zk_unlock(zhandle_t *zh, const char *path, int version);

#endif
