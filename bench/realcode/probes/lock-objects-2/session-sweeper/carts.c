/* carts.c -- removes carts whose session no longer exists. */
#include "sweeper.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <time.h>

int Sweep_OrphanCarts(redisContext *ctx, const SweeperConfig *cfg)
{
    SweepLock *lock = SweepLock_New(ctx, "carts", cfg->lockTtlMs);
    redisReply *r;
    size_t i;
    int removed = 0;

    if (lock == NULL)
        return -1;
    if (!SweepLock_Acquire(lock)) {
        SweepLock_Free(lock);
        return 0;
    }

    r = redisCommand(ctx, "SRANDMEMBER carts:active %d", cfg->batchSize);
    if (r != NULL && r->type == REDIS_REPLY_ARRAY) {
        for (i = 0; i < r->elements; i++) {
            redisReply *e = redisCommand(ctx, "EXISTS session:%s", r->element[i]->str);
            int alive = e != NULL && e->type == REDIS_REPLY_INTEGER && e->integer == 1;
            if (e != NULL)
                freeReplyObject(e);
            if (!alive) {
                e = redisCommand(ctx, "SREM carts:active %s", r->element[i]->str);
                if (e != NULL)
                    freeReplyObject(e);
                removed++;
            }
        }
    }
    if (r != NULL)
        freeReplyObject(r);

    SweepLock_Release(lock);
    SweepLock_Free(lock);
    return removed;
}

int Admin_TakeOverStale(redisContext *ctx, const SweeperConfig *cfg, const char *name)
{
    SweepLock *lock = SweepLock_New(ctx, name, cfg->lockTtlMs);
    long long last = 0, now = (long long)time(NULL);
    redisReply *r;
    int rc = 0;

    if (lock == NULL)
        return -1;
    r = redisCommand(ctx, "GET %s", lock->hbKey);
    if (r != NULL && r->type == REDIS_REPLY_STRING)
        last = strtoll(r->str, NULL, 10);
    if (r != NULL)
        freeReplyObject(r);

    if (now - last > cfg->staleHeartbeatSec) {
        syslog(LOG_NOTICE, "admin: %s holder silent for %llds, taking over", name, now - last);
        rc = SweepLock_Steal(lock);
        if (rc == 1)
            SweepLock_Release(lock);
    }
    SweepLock_Free(lock);
    return rc;
}
