/* rlock.h - caller-allocated Redis lock used by the inventory service. */
#ifndef INV_RLOCK_H
#define INV_RLOCK_H

#include <hiredis/hiredis.h>

struct rlock {
    redisContext *c;
    char key[128];
    char token[48];
    long ttl_ms;
    int held;
};

/* Formats the key with printf-style arguments. 0 on success. */
int rlock_init(struct rlock *l, redisContext *c, long ttl_ms, const char *keyfmt, ...)
    __attribute__((format(printf, 4, 5)));

/* 1 taken, 0 busy, -1 error */
int rlock_take(struct rlock *l);
/* up to `tries` attempts, 50 ms apart; same return values */
int rlock_take_wait(struct rlock *l, int tries);
/* compare-and-delete; 1 released, 0 not ours, -1 error */
int rlock_drop(struct rlock *l);

#endif
