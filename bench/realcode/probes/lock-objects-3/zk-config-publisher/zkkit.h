#ifndef CFGPUB_ZKKIT_H
#define CFGPUB_ZKKIT_H

/* zkkit: the tiny ZooKeeper layer of the config publisher -- a session
 * wrapper (zk_conn.c) and a single-node mutex (zk_mutex.c). */

#include <pthread.h>
#include <stddef.h>
#include <zookeeper/zookeeper.h>

struct zk_conn {
    zhandle_t *zh;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int connected;
    int expired;
};

int zkc_open(struct zk_conn *c, const char *hosts, int session_ms, int wait_ms);
void zkc_close(struct zk_conn *c);
int zkc_alive(struct zk_conn *c);   /* connected and not expired */

/* Single-node lock: whoever creates <path> (ephemeral, data = owner id)
 * holds it. */
struct zk_mutex {
    struct zk_conn *conn;
    char path[256];
    char owner[96];
    int held;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int gone;
};

int zkm_init(struct zk_mutex *m, struct zk_conn *c, const char *path, const char *owner);
int zkm_trylock(struct zk_mutex *m);    /* 1 held, 0 busy, -1 error */
int zkm_lock(struct zk_mutex *m);       /* waits for the holder to go away */
int zkm_unlock(struct zk_mutex *m);
void zkm_owner_id(char *buf, size_t len);

#endif
