/*
 * session_gc.c - expires idle gateway sessions and publishes session stats.
 */
#include "rconn.h"
#include "rlock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define GC_TTL_MS 60000u

static int sweep_idle(redisContext *c, long idle_before)
{
    redisReply *r;
    size_t i;
    int removed = 0;

    r = rc_cmd(c, "ZRANGEBYSCORE sess:activity -inf %ld LIMIT 0 1000", idle_before);
    if (r == NULL || r->type != REDIS_REPLY_ARRAY) {
        if (r)
            freeReplyObject(r);
        return -1;
    }
    for (i = 0; i < r->elements; i++) {
        const char *sid = r->element[i]->str;
        rc_cmd_int(c, "DEL sess:%s", sid);
        rc_cmd_int(c, "ZREM sess:activity %s", sid);
        removed++;
    }
    freeReplyObject(r);
    return removed;
}

/* Normal path: run the sweep if nobody else is. */
int session_gc(redisContext *c, int idle_seconds)
{
    struct rlock lk;
    int n;

    if (rlock_init(&lk, c, "session-gc", NULL, GC_TTL_MS) != 0)
        return -1;
    if (rlock_try(&lk) != 1)
        return 0;

    n = sweep_idle(c, (long)time(NULL) - idle_seconds);
    rlock_release(&lk);
    return n;
}

/* Operator path: the on-call tool forces a sweep even if a previous sweeper
 * looks stuck. */
int session_gc_force(redisContext *c, int idle_seconds)
{
    char owner[96];
    int n;

    rlock_owner_default(owner, sizeof owner);
    if (rc_cmd_status(c, "SET lock:session-gc %s PX %u", owner, GC_TTL_MS) != 1)
        return -1;

    n = sweep_idle(c, (long)time(NULL) - idle_seconds);
    rc_cmd_int(c, "EVAL %s 1 lock:session-gc %s",
           "if redis.call('get',KEYS[1])==ARGV[1] then return redis.call('del',KEYS[1]) end return 0",
           owner);
    return n;
}

void session_publish_stats(redisContext *c)
{
    long long active = rc_cmd_int(c, "ZCARD sess:activity");
    char buf[32];

    snprintf(buf, sizeof buf, "%lld", active);
    rc_cmd_status(c, "SET sess:stats:active %s EX 120", buf);
}
