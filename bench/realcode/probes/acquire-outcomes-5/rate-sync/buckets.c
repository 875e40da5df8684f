#include "buckets.h"
#include "rl_lease.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define TRY(expr) do { if ((expr) < 0) return -1; } while (0)

static pthread_mutex_t g_bucket_mu = PTHREAD_MUTEX_INITIALIZER;

int bucket_refill(redisContext *c, const char *bucket)
{
    struct rl_result lr = rl_acquire(c, bucket, 4000);
    int rc = 0;

    if (lr.err == 0) {
        rc = refill_quota(bucket);
        rl_give(c, bucket, lr.token);
    }
    return rc;
}

int bucket_resize(redisContext *c, const char *bucket, long capacity)
{
    struct rl_result lr = rl_acquire(c, bucket, 4000);
    int rc;

    if (!lr.acquired)
        return lr.err ? -1 : 0;
    rc = resize_bucket(bucket, capacity);
    rl_give(c, bucket, lr.token);
    return rc;
}

int bucket_rebalance(redisContext *c)
{
    char tok[RL_TOKEN_LEN];
    bool acq = false;
    int moved;

    if (rl_take(c, "rebalance", 60000, tok, sizeof tok, &acq) < 0)
        return -1;
    if (!acq)
        return 0;

    TRY(load_buckets());
    moved = spread_buckets();

    rl_give(c, "rebalance", tok);
    return moved;
}

/* Take one token from the shared bucket. */
int bucket_consume(redisContext *c, const char *bucket)
{
    redisReply *r;
    long left = 0;

    pthread_mutex_lock(&g_bucket_mu);
    r = redisCommand(c, "GET rl:tokens:%s", bucket);
    if (r != NULL && r->type == REDIS_REPLY_STRING)
        left = strtol(r->str, NULL, 10);
    if (r)
        freeReplyObject(r);
    if (left > 0) {
        r = redisCommand(c, "SET rl:tokens:%s %ld", bucket, left - 1);
        if (r)
            freeReplyObject(r);
    }
    pthread_mutex_unlock(&g_bucket_mu);
    return left > 0;
}

int bucket_drain(redisContext *c, const char *bucket)
{
    char tok[RL_TOKEN_LEN];
    bool acq = false;
    int rc = rl_take(c, bucket, 4000, tok, sizeof tok, &acq);

    if (rc == 0 && acq) {
        rc = drain_bucket(bucket);
        rl_give(c, bucket, tok);
        return rc;
    }
    return rc < 0 ? -1 : 0;
}
