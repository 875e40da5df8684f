#ifndef COMPACTOR_ZK_LOCK_H
#define COMPACTOR_ZK_LOCK_H

#include <zookeeper/zookeeper.h>

struct zk_lock {
    zhandle_t *zh;
    char path[128];
    char owner[64];
    int version;
};

int  zk_lock_init(struct zk_lock *l, zhandle_t *zh, const char *name, const char *owner);
int  zk_lock_acquire(struct zk_lock *l);
int  zk_lock_release(struct zk_lock *l);
int  zk_lock_release_checked(struct zk_lock *l);

int  snapshot_mark_begin(zhandle_t *zh, const char *owner);
void snapshot_mark_end(zhandle_t *zh);

#endif
