/* zk_lock.h - asynchronous ZooKeeper lock node helper for the compactor. */
#ifndef REPORT_COMPACTOR_ZK_LOCK_H
#define REPORT_COMPACTOR_ZK_LOCK_H

#include <zookeeper/zookeeper.h>

typedef struct zk_lock {
    zhandle_t *zh;
    char       path[256];      /* e.g. /compactor/locks/<report> */
    char       owner[64];      /* written as node data            */
    char       created[512];   /* filled by the completion on ZOK */
} zk_lock_t;

void zk_lock_setup(zk_lock_t *lk, zhandle_t *zh, const char *report, const char *owner);

/*
 * Queue creation of the lock node.  The return value only says whether the
 * request was queued (ZOK) or rejected locally; the outcome of the create
 * (ZOK, ZNODEEXISTS, ZCONNECTIONLOSS ...) arrives later as the rc argument
 * of `done`.
 */
int zk_lock_request(zk_lock_t *lk, string_completion_t done, const void *ctx);

/* Same, for the archive path which must survive compactor restarts. */
int zk_lock_request_sticky(zk_lock_t *lk, string_completion_t done, const void *ctx);

/* Remember the created path (call from the completion on ZOK). */
void zk_lock_adopt(zk_lock_t *lk, const char *created);

/* Delete the node we created. */
int zk_lock_drop(zk_lock_t *lk);

#endif
