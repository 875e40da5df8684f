#define _DEFAULT_SOURCE
#include "rlock.h"

#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

static const char *RELEASE_LUA =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

static void make_token(char *out, size_t cap)
{
    unsigned char raw[16];
    if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw) {
        snprintf(out, cap, "%ld-%ld", (long)getpid(), (long)time(NULL));
        return;
    }
    for (size_t i = 0; i < sizeof raw && 2 * i + 2 < cap; i++)
        snprintf(out + 2 * i, 3, "%02x", raw[i]);
}

void rlock_init(struct rlock *l, redisContext *c, const char *key, const char *owner, int ttl_ms)
{
    memset(l, 0, sizeof *l);
    l->c = c;
    l->ttl_ms = ttl_ms;
    snprintf(l->key, sizeof l->key, "%s", key);
    if (owner)
        strncpy(l->owner, owner, sizeof l->owner - 1);
    else
        make_token(l->owner, sizeof l->owner);
}

int rlock_try(struct rlock *l)
{
    redisReply *r = redisCommand(l->c, "SET %s %s NX PX %d", l->key, l->owner, l->ttl_ms);
    l->held = r != NULL && r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0;
    if (r)
        freeReplyObject(r);
    return l->held;
}

int rlock_wait(struct rlock *l)
{
    for (;;) {
        if (rlock_try(l))
            return 1;
        usleep(50 * 1000);
    }
}

void rlock_release(struct rlock *l)
{
    if (!l->held)
        return;
    redisReply *r = redisCommand(l->c, "EVAL %s 1 %s %s", RELEASE_LUA, l->key, l->owner);
    if (r)
        freeReplyObject(r);
    l->held = 0;
}
