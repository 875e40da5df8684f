#ifndef SHARD_ZKL_H
#define SHARD_ZKL_H

#include <zookeeper/zookeeper.h>

#define ZKL_PATH_MAX  256
#define ZKL_OWNER_MAX 64

struct zk_lock {
	zhandle_t *zh;
	char path[ZKL_PATH_MAX];
	char owner[ZKL_OWNER_MAX];
	int version;		/* data version of our node, -1 until acquired */
};

int  zkl_init(struct zk_lock *lk, zhandle_t *zh, const char *name, const char *owner);
int  zkl_acquire(struct zk_lock *lk);
int  zkl_release(struct zk_lock *lk);
int  zkl_force_release(zhandle_t *zh, const char *name);

int  zkl_mark_rebalance(zhandle_t *zh, const char *owner);

#endif
