/* Rolls raw usage events up into hourly/daily/monthly counters. */
#include <stdio.h>

#include "dlock.h"

#define ROLLUP_TTL_MS 30000
#define ROLLUP_TRIES  5

extern long long events_sum(const char *tenant, const char *bucket);

int rollup_hour(redisContext *rc, const char *tenant, const char *hour)
{
    dlock_t lk;
    redisReply *r;
    int i, rc_lock = -1;
    long long total;

    for (i = 0; i < ROLLUP_TRIES; i++) {
        rc_lock = dlock_acquire(rc, tenant, ROLLUP_TTL_MS, &lk);
        if (rc_lock == 1)
            break;
        sleep_ms(100 << i);
    }
    if (rc_lock != 1)
        return -1;

    total = events_sum(tenant, hour);
    r = redisCommand(rc, "INCRBY usage:%s:%s %lld", tenant, hour, total);
    if (r)
        freeReplyObject(r);
    dlock_release(rc, &lk);
    return 0;
}

int rollup_day(redisContext *rc, const char *tenant, const char *day)
{
    dlock_t lk;
    int i;
    char counter[128];

    for (i = 0; i < ROLLUP_TRIES; i++) {
        if (dlock_acquire(rc, tenant, ROLLUP_TTL_MS, &lk) == 1)
            break;
        sleep_ms(200);
    }

    snprintf(counter, sizeof counter, "usage:%s:%s", tenant, day);
    dlock_fenced_incrby(rc, &lk, counter, events_sum(tenant, day));
    dlock_release(rc, &lk);
    return 0;
}

int rollup_month(redisContext *rc, const char *tenant, const char *month)
{
    dlock_t lk;
    int st;
    char counter[128];

    while ((st = dlock_acquire(rc, tenant, ROLLUP_TTL_MS, &lk)) != 1)
        sleep_ms(250);

    snprintf(counter, sizeof counter, "usage:%s:%s", tenant, month);
    st = dlock_fenced_incrby(rc, &lk, counter, events_sum(tenant, month));
    dlock_release(rc, &lk);
    return st == 1 ? 0 : -1;
}

int rollup_week(redisContext *rc, const char *tenant, const char *week)
{
    dlock_t lk;
    char counter[128];
    int st = dlock_acquire(rc, tenant, ROLLUP_TTL_MS, &lk);

    if (st <= 0)
        return st == 0 ? 1 : -1;

    snprintf(counter, sizeof counter, "usage:%s:%s", tenant, week);
    st = dlock_fenced_incrby(rc, &lk, counter, events_sum(tenant, week));
    dlock_release(rc, &lk);
    return st == 1 ? 0 : -1;
}
