#ifndef PAYOUT_ZK_ASYNC_LOCK_H
#define PAYOUT_ZK_ASYNC_LOCK_H

#include <zookeeper/zookeeper.h>
struct zk_lock_req {
    zhandle_t *zh;
    const char *dir;                /* e.g. "/locks/payouts/batch" */
    char node[256];                 /* our sequential node, full path */
    void (*on_held)(struct zk_lock_req *req);
    void (*on_busy)(struct zk_lock_req *req, int rc);
    void *ctx;
};

/* All of these only queue a request; the outcome arrives later through
 * on_held / on_busy on the ZooKeeper completion thread. */
int zk_lock_begin(struct zk_lock_req *req);
int zk_lock_quick(struct zk_lock_req *req);
int zk_lock_recheck(struct zk_lock_req *req);
int zk_lock_end(struct zk_lock_req *req);

#endif
