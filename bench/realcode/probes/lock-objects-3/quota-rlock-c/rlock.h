#ifndef RQ_RLOCK_H
#define RQ_RLOCK_H

#include <stddef.h>
#include <hiredis/hiredis.h>

struct rlock {
    redisContext *c;
    char key[128];
    char owner[96];
    unsigned ttl_ms;
    int held;
};

/* owner identifies this holder in the lock value; pass NULL to have a
 * unique one generated (host:pid:random). */
int rlock_init(struct rlock *lk, redisContext *c, const char *name, const char *owner,
               unsigned ttl_ms);

int rlock_try(struct rlock *lk);        /* 1 held, 0 busy, -1 error */
int rlock_release(struct rlock *lk);
void rlock_owner_default(char *buf, size_t len);

#endif
