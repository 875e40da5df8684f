/* zk_seqlock.h - try-lock built on ephemeral sequential znodes.
 *
 * zsl_try() creates <dir>/lock-NNNNNNNNNN and checks whether it is the
 * lowest child.  Return value is a ZooKeeper status code (ZOK when every
 * call went through); whether we actually own the lock is reported in
 * *held.  When we are not the lowest, our node is removed again so that
 * a failed try leaves nothing behind.
 */
#ifndef SESSION_REAPER_ZK_SEQLOCK_H
#define SESSION_REAPER_ZK_SEQLOCK_H

#include <zookeeper/zookeeper.h>

typedef struct zk_seqlock {
    zhandle_t *zh;
    char dir[128];
    char node[256];
    int  have_node;
} zk_seqlock;

void zsl_init(zk_seqlock *l, zhandle_t *zh, const char *dir);
int  zsl_try(zk_seqlock *l, int *held);
void zsl_release(zk_seqlock *l);

#endif
