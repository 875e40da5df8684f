#ifndef SHARDS_ZK_MUTEX_H
#define SHARDS_ZK_MUTEX_H

#include <pthread.h>
#include <zookeeper/zookeeper.h>

/* Named mutex = one ephemeral znode at <dir>/<name>, data = owner string. */
struct zk_mutex {
    zhandle_t *zh;
    char path[160];
    char owner[96];
    int held;

    pthread_mutex_t mu; /* wakeups from the exists-watch */
    pthread_cond_t cv;
    int fired;
};

void zkm_init(struct zk_mutex *m, zhandle_t *zh, const char *dir, const char *name,
              const char *owner);
int zkm_lock(struct zk_mutex *m, int timeout_ms); /* ZOK when held */
int zkm_unlock(struct zk_mutex *m);

#endif
