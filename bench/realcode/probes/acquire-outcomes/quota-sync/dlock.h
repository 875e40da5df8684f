#ifndef QUOTA_DLOCK_H
#define QUOTA_DLOCK_H

#include <stddef.h>
#include <hiredis/hiredis.h>

typedef struct dlock {
    char key[96];
    char owner[40];
    long long fence;
} dlock_t;

/*
 * Try to take `name` for ttl_ms.
 *   1  acquired (lk filled in, lk->fence is a fresh fencing number)
 *   0  held by someone else
 *  -1  redis error
 */
int dlock_acquire(redisContext *rc, const char *name, int ttl_ms, dlock_t *lk);

/* Owner-checked release. */
void dlock_release(redisContext *rc, const dlock_t *lk);

/* Adds `delta` to usage counter `counter` only if lk->fence is newer than
 * the last fence that counter accepted. 1 written, 0 stale, -1 error. */
int dlock_fenced_incrby(redisContext *rc, const dlock_t *lk, const char *counter, long long delta);

void sleep_ms(int ms);

#endif
