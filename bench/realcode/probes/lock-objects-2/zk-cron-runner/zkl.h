/*
 * zkl.h - ZooKeeper job locks for the cron runner.
 *
 * Two flavours: the original zkl_acquire()/zkl_release() on /cron/locks/<job>
 * (kept for the jobs that have not been migrated yet), and the lease flavour
 * on /cron/leases/<job> that goes away with the session.
 */
#ifndef ZKL_H
#define ZKL_H

#include <zookeeper/zookeeper.h>

#define ZKL_HELD   0
#define ZKL_BUSY   1
#define ZKL_ERROR -1

typedef struct zkl {
	zhandle_t *zh;
	char lock_path[256];
	char lease_path[256];
	char owner[96];
	int lease_version;
	volatile int connected;
	volatile int expired;
} zkl_t;

zkl_t *zkl_open(const char *hosts, const char *job, int session_ms);
void zkl_close(zkl_t *l);

int zkl_acquire(zkl_t *l);
int zkl_release(zkl_t *l);

int zkl_acquire_lease(zkl_t *l);
int zkl_release_lease(zkl_t *l);
/* 1 while the session (and therefore the lease node) is alive */
int zkl_valid(const zkl_t *l);

#endif
