#ifndef RW_RLOCK_H
#define RW_RLOCK_H

#include <hiredis/hiredis.h>

struct rlock {
    redisContext *c;
    char key[128];
    char owner[64];
    int ttl_ms;
    int held;
};

/* owner may be NULL: a random owner token is generated then. */
void rlock_init(struct rlock *l, redisContext *c, const char *key, const char *owner, int ttl_ms);
int rlock_try(struct rlock *l);
int rlock_wait(struct rlock *l);
void rlock_release(struct rlock *l);

#endif
