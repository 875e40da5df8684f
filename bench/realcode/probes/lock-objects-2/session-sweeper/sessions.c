/* sessions.c -- deletes expired login sessions in batches. */
#include "sweeper.h"

#include <stdio.h>
#include <stdlib.h>
#include <syslog.h>
#include <time.h>

static long CountExpired(redisContext *ctx, long long now)
{
    redisReply *r = redisCommand(ctx, "ZCOUNT sessions:by-expiry -inf %lld", now);
    long n = -1;
    if (r != NULL && r->type == REDIS_REPLY_INTEGER)
        n = (long)r->integer;
    if (r != NULL)
        freeReplyObject(r);
    return n;
}

int Sweep_ExpiredSessions(redisContext *ctx, const SweeperConfig *cfg)
{
    SweepLock *lock = SweepLock_New(ctx, "sessions", cfg->lockTtlMs);
    long long now = (long long)time(NULL);
    redisReply *r;
    long pending;
    int swept = 0;

    if (lock == NULL)
        return -1;
    if (SweepLock_Acquire(lock) != 1) {
        SweepLock_Free(lock);
        return 0;
    }

    pending = CountExpired(ctx, now);
    if (pending > cfg->hardLimit) {
        syslog(LOG_ALERT, "sweeper: %ld expired sessions exceeds hard limit, refusing", pending);
        goto out;
    }

    while (pending > 0) {
        if (SweepLock_Renew(lock) != 1) {
            syslog(LOG_WARNING, "sweeper: lost sessions lock");
            break;
        }
        SweepLock_Heartbeat(lock, now);
        r = redisCommand(ctx, "ZREMRANGEBYSCORE sessions:by-expiry -inf %lld", now);
        if (r != NULL)
            freeReplyObject(r);
        swept++;
        pending = CountExpired(ctx, now);
    }
    r = redisCommand(ctx, "INCRBY sweeper:batches %d", swept);
    if (r != NULL)
        freeReplyObject(r);
    SweepLock_Release(lock);
out:
    SweepLock_Free(lock);
    return swept;
}
