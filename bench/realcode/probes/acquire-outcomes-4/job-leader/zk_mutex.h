#ifndef ZK_MUTEX_H
#define ZK_MUTEX_H

#include <zookeeper/zookeeper.h>

struct zk_mutex;

struct zk_mutex *zk_mutex_new(zhandle_t *zh, const char *name);

/* 1 = we hold it, 0 = someone else does, -1 = zookeeper error */
int zk_mutex_try(struct zk_mutex *m);
int zk_mutex_unlock(struct zk_mutex *m);
void zk_mutex_free(struct zk_mutex *m);

#endif
