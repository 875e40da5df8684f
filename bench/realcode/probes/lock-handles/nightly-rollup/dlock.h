/*
 * dlock - small Redis-backed mutual exclusion helper used by the rollup
 * workers.  One handle per named lock; a handle carries its own random
 * token so that only the holder can release it.
 */
#ifndef ROLLUP_DLOCK_H
#define ROLLUP_DLOCK_H

#include <hiredis/hiredis.h>

#define DLOCK_KEY_MAX   128
#define DLOCK_TOKEN_LEN 40

struct dlock {
    redisContext *c;
    char key[DLOCK_KEY_MAX];
    char token[DLOCK_TOKEN_LEN + 1];
    int ttl_ms;
};

int dlock_init(struct dlock *l, redisContext *c, const char *name, int ttl_ms);

/* 1 = acquired, 0 = somebody else holds it, -1 = transport error */
int dlock_acquire(struct dlock *l);

/* 1 = ttl pushed out, 0 = key gone, -1 = transport error */
int dlock_extend(struct dlock *l);

/* 1 = released, 0 = not ours any more, -1 = transport error */
int dlock_release(struct dlock *l);

#endif /* ROLLUP_DLOCK_H */
