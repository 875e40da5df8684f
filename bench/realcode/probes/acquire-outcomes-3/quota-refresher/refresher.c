/*
 * refresher.c -- periodic refill of API rate-limit buckets.
 *
 * A refill is read-modify-write on the bucket hash, so only one refresher
 * may touch a scope at a time.
 */
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include <hiredis/hiredis.h>

#include "qlock.h"

static void refill(redisContext *rc, const char *scope, long tokens)
{
    redisReply *r = redisCommand(rc, "HSET quota:%s tokens %ld refilled_at %ld",
                                 scope, tokens, (long)time(NULL));
    if (r)
        freeReplyObject(r);
}

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

int refresh_tenant(redisContext *rc, const char *tenant, long tokens)
{
    qlock q;

    if (qlock_open(&q, rc, tenant, 2000) != 0)
        return -1;
    if (qlock_acquire(&q) == 0) {
        refill(rc, tenant, tokens);
        qlock_release(&q);
    }
    qlock_close(&q);
    return 0;
}

int refresh_plan(redisContext *rc, const char *plan, long tokens)
{
    qlock q;

    if (qlock_open(&q, rc, plan, 2000) != 0)
        return -1;
    if (qlock_acquire(&q)) {
        refill(rc, plan, tokens);
        qlock_release(&q);
    }
    qlock_close(&q);
    return 0;
}

int refresh_region(redisContext *rc, const char *region, long tokens)
{
    qlock q;
    int did = 0;

    if (qlock_open(&q, rc, region, 2000) != 0)
        return -1;
    if (qlock_acquire(&q) == 1) {
        refill(rc, region, tokens);
        qlock_release(&q);
        did = 1;
    }
    qlock_close(&q);
    return did;
}

/* Admin "refill now": must not be skipped, so wait for the running cycle. */
int refresh_forced(redisContext *rc, const char *scope, long tokens)
{
    qlock q;

    if (qlock_open(&q, rc, scope, 2000) != 0)
        return -1;
    while (qlock_acquire(&q) != 1)
        usleep(50 * 1000);
    refill(rc, scope, tokens);
    qlock_release(&q);
    qlock_close(&q);
    return 0;
}

/* Same as above for the billing webhook, but with a budget. */
int refresh_billing(redisContext *rc, const char *scope, long tokens)
{
    qlock q;
    long deadline;
    long long got;

    if (qlock_open(&q, rc, scope, 2000) != 0)
        return -1;
    deadline = now_ms() + 1500;
    while ((got = qlock_acquire(&q)) == 0 && now_ms() < deadline)
        usleep(50 * 1000);
    if (got != 1) {
        qlock_close(&q);
        return -1;
    }
    refill(rc, scope, tokens);
    qlock_release(&q);
    qlock_close(&q);
    return 0;
}

/* Nightly: wipe the bucket so it is rebuilt from the plan table. */
int reset_scope(redisContext *rc, const char *scope)
{
    qlock q;
    redisReply *r;

    if (qlock_open(&q, rc, scope, 10000) != 0)
        return -1;
    if (qlock_acquire(&q) != 1) {
        qlock_close(&q);
        return 0;
    }
    r = redisCommand(rc, "UNLINK quota:%s", scope);
    if (r)
        freeReplyObject(r);
    r = redisCommand(rc, "UNLINK %s", q.key);
    if (r)
        freeReplyObject(r);
    qlock_close(&q);
    return 1;
}
