#ifndef QUOTA_QLOCK_H
#define QUOTA_QLOCK_H

#include <hiredis/hiredis.h>

struct qlock {
    redisContext *c;
    char key[96];
    char token[33];
    int ttl_ms;
};

int  qlock_init(struct qlock *l, redisContext *c, const char *tenant, int ttl_ms);
int  qlock_acquire(struct qlock *l);   /* 1 acquired, 0 busy, -1 error */
int  qlock_extend(struct qlock *l);
void qlock_release(struct qlock *l);

#endif
