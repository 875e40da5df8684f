#ifndef SPOOL_ZK_H
#define SPOOL_ZK_H

#include <signal.h>
#include <zookeeper/zookeeper.h>

/* Current ZooKeeper handle; replaced by spool_maintain() after expiry. */
extern zhandle_t *g_zh;

int spool_connect(const char *hosts);
/* Called from the main loop; opens a new session when the old one expired. */
void spool_maintain(void);

/* 1 when path exists and is an ephemeral node of the current session. */
int spool_owns(const char *path, int *version);

#endif
