#ifndef QLOCK_H
#define QLOCK_H

#include <hiredis/hiredis.h>

typedef struct qlock {
    redisContext *redis;
    char *key;          /* heap: "quota:lock:<scope>" */
    char  id[37];       /* uuid-ish owner id */
    long  lease_ms;
} qlock;

int  qlock_open(qlock *q, redisContext *redis, const char *scope, long lease_ms);
void qlock_close(qlock *q);

/*
 * Runs the acquire script (SETNX + PEXPIRE).  Returns the script's integer
 * reply -- 1 when we now own the key, 0 when it is owned by someone else --
 * or -1 if redis could not be reached or the script failed.
 */
long long qlock_acquire(qlock *q);

void qlock_release(qlock *q);

#endif
