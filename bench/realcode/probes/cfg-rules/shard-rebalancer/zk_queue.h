#ifndef SHARD_ZK_QUEUE_H
#define SHARD_ZK_QUEUE_H

#include <pthread.h>
#include <zookeeper/zookeeper.h>

/* Fair exclusive turn among rebalancers of one shard: each contender adds an
 * ephemeral-sequential member under dir; the lowest member has the turn. */
struct zq {
    zhandle_t *zh;
    char dir[128];      /* e.g. /shards/17/q */
    char own[256];      /* full path of our member node, "" when none */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int changed;
};

int zq_init(struct zq *q, zhandle_t *zh, int shard);
/* 0 = our turn, 1 = timed out, -1 = ZooKeeper error */
int zq_acquire(struct zq *q, int timeout_ms);
/* 0 = our turn, -1 = ZooKeeper error */
int zq_acquire_blocking(struct zq *q);
void zq_release(struct zq *q);

#endif
