#define _DEFAULT_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "qlock.h"
#include "redis_util.h"

static pthread_mutex_t usage_mu = PTHREAD_MUTEX_INITIALIZER;

static long get_long(redisContext *c, const char *fmt, const char *tenant)
{
    redisReply *r;
    long v = 0;

    if (redis_exec(c, &r, fmt, tenant) != 0)
        return -1;
    if (r->type == REDIS_REPLY_STRING)
        v = atol(r->str);
    freeReplyObject(r);
    return v;
}

int record_usage(redisContext *c, const char *tenant, long units)
{
    redisReply *r;
    long used;

    pthread_mutex_lock(&usage_mu);
    used = get_long(c, "GET usage:%s", tenant);
    if (used < 0) {
        pthread_mutex_unlock(&usage_mu);
        return -1;
    }
    if (redis_exec(c, &r, "SET usage:%s %ld", tenant, used + units) == 0)
        freeReplyObject(r);
    pthread_mutex_unlock(&usage_mu);
    return 0;
}

int refill_quota(redisContext *c, const char *tenant, long refill, long cap)
{
    struct qlock l;
    redisReply *r;
    long remaining;
    int i, rc = -1;

    if (qlock_init(&l, c, tenant, 5000) != 0)
        return -1;
    for (i = 0; i < 20; i++) {
        rc = qlock_acquire(&l);
        if (rc != 0)
            break;
        usleep(100000);
    }
    if (rc != 1)
        return -1;

    remaining = get_long(c, "GET quota:%s:remaining", tenant);
    if (remaining >= 0) {
        remaining += refill;
        if (remaining > cap)
            remaining = cap;
        qlock_extend(&l);
        if (redis_exec(c, &r, "SET quota:%s:remaining %ld", tenant, remaining) == 0)
            freeReplyObject(r);
    }
    qlock_release(&l);
    return 0;
}
