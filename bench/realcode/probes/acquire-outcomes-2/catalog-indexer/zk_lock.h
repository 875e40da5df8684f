/*
 * zk_lock.h - ZooKeeper locks for the catalog indexer.
 *
 * Shard locks follow the usual recipe: create an ephemeral sequential child
 * under the shard's lock directory and own the lock while ours is the lowest
 * child.  The indexer only ever *tries* a shard; if it is not first it
 * withdraws its node and moves on to the next shard.
 *
 * The full-rebuild marker is a single well-known node.
 */
#ifndef CATALOG_ZK_LOCK_H
#define CATALOG_ZK_LOCK_H

#include <stddef.h>
#include <zookeeper/zookeeper.h>

#define ZKL_PATH_MAX 256
#define ZKL_REBUILD_PATH "/catalog/locks/full-rebuild"

enum zkl_status {
    ZKL_ERROR = -1,
    ZKL_BUSY = 0,
    ZKL_HELD = 1
};

/*
 * Returns a ZooKeeper return code (ZOK when the calls succeeded).  The lock
 * outcome is reported through *status; node_out receives our node path.
 */
int zkl_acquire(zhandle_t *zh, const char *dir, char *node_out, int node_len, int *status);
int zkl_release(zhandle_t *zh, const char *node);

int zkl_mark_rebuild(zhandle_t *zh, const char *owner);
int zkl_clear_rebuild(zhandle_t *zh);

const char *zkl_host_id(void);

/* indexer.c */
int index_shard(zhandle_t *zh, int shard);
int index_all(zhandle_t *zh, int nshards);
int compact_shard(zhandle_t *zh, int shard);
int full_rebuild(zhandle_t *zh, int nshards);

#endif
