/* qlock.h -- per-tenant quota lock (Redis).  Owned by the platform team. */
#ifndef QLOCK_H_
#define QLOCK_H_

#include <stdint.h>
#include <hiredis/hiredis.h>

typedef struct quota_lock {
	redisContext *rc;
	char *key;          /* strdup'd "lock:quota:<tenant>" */
	char *fence_key;    /* strdup'd "fence:quota:<tenant>" */
	char owner[96];
	unsigned ttl_ms;
	int64_t fence;      /* monotonically increasing, valid while held */
} qlock_t;

qlock_t *qlock_create(redisContext *rc, const char *tenant, unsigned ttl_ms);
void qlock_destroy(qlock_t *q);

/* 0 = held, 1 = busy, -1 = error */
int qlock_acquire(qlock_t *q);
int qlock_acquire_wait(qlock_t *q, int attempts, unsigned pause_ms);
int qlock_touch(qlock_t *q);
int qlock_release(qlock_t *q);

#endif /* QLOCK_H_ */
