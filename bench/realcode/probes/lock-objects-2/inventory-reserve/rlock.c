#include "rlock.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char DROP_SCRIPT[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

int rlock_init(struct rlock *l, redisContext *c, long ttl_ms, const char *keyfmt, ...)
{
    va_list ap;
    int n;

    memset(l, 0, sizeof(*l));
    va_start(ap, keyfmt);
    n = vsnprintf(l->key, sizeof(l->key), keyfmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof(l->key))
        return -1;
    l->c = c;
    l->ttl_ms = ttl_ms;
    return 0;
}

static void new_token(struct rlock *l)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    snprintf(l->token, sizeof(l->token), "%d-%lx-%lx-%lx", (int)getpid(),
             (unsigned long)ts.tv_sec, (unsigned long)ts.tv_nsec, (unsigned long)random());
}

int rlock_take(struct rlock *l)
{
    redisReply *r;
    int won;

    new_token(l);
    r = redisCommand(l->c, "SETNX %s %s", l->key, l->token);
    if (r == NULL)
        return -1;
    won = (r->type == REDIS_REPLY_INTEGER && r->integer == 1);
    freeReplyObject(r);
    if (!won)
        return 0;

    r = redisCommand(l->c, "PEXPIRE %s %ld", l->key, l->ttl_ms);
    if (r != NULL)
        freeReplyObject(r);
    l->held = 1;
    return 1;
}

int rlock_take_wait(struct rlock *l, int tries)
{
    int i, rc = 0;

    for (i = 0; i < tries; i++) {
        rc = rlock_take(l);
        if (rc != 0)
            break;
        usleep(50 * 1000);
    }
    return rc;
}

int rlock_drop(struct rlock *l)
{
    redisReply *r;
    int rc = -1;

    if (!l->held)
        return 0;
    r = redisCommand(l->c, "EVAL %s 1 %s %s", DROP_SCRIPT, l->key, l->token);
    if (r != NULL) {
        rc = (r->type == REDIS_REPLY_INTEGER && r->integer == 1) ? 1 : 0;
        freeReplyObject(r);
    }
    l->held = 0;
    return rc;
}
