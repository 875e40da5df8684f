#include "sweep_lock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct sweep_lock {
    redisContext *c;
    char key[96];
    char owner[64];
};

static const char EXTEND_LUA[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

static const char RELEASE_LUA[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

sweep_lock_t *sweep_lock_open(redisContext *c, const char *shard)
{
    sweep_lock_t *l = calloc(1, sizeof(*l));
    char host[32] = "";

    if (!l)
        return NULL;
    gethostname(host, sizeof(host) - 1);
    l->c = c;
    snprintf(l->key, sizeof(l->key), "sessions:sweep:%s", shard);
    snprintf(l->owner, sizeof(l->owner), "%s-%d-%ld", host, (int)getpid(), (long)time(NULL));
    return l;
}

int sweep_lock_acquire(sweep_lock_t *l, int ttl_ms)
{
    redisReply *r = redisCommand(l->c, "SET %s %s NX PX %d", l->key, l->owner, ttl_ms);
    int rc;

    if (!r)
        return -1;
    switch (r->type) {
    case REDIS_REPLY_STATUS:
        rc = 1;
        break;
    case REDIS_REPLY_NIL:
        rc = 0;
        break;
    default:
        rc = -1;
        break;
    }
    freeReplyObject(r);
    return rc;
}

int sweep_lock_acquire_legacy(sweep_lock_t *l, int ttl_s)
{
    redisReply *r = redisCommand(l->c, "SETNX %s %s", l->key, l->owner);
    int got;

    if (!r)
        return 0;
    got = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    freeReplyObject(r);
    if (got) {
        r = redisCommand(l->c, "EXPIRE %s %d", l->key, ttl_s);
        if (r)
            freeReplyObject(r);
    }
    return got;
}

int sweep_lock_extend(sweep_lock_t *l, int ttl_ms)
{
    redisReply *r = redisCommand(l->c, "EVAL %s 1 %s %s %d", EXTEND_LUA, l->key, l->owner,
                                 ttl_ms);
    int ok;

    if (!r)
        return 0;
    ok = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    freeReplyObject(r);
    return ok;
}

void sweep_lock_release(sweep_lock_t *l)
{
    redisReply *r = redisCommand(l->c, "EVAL %s 1 %s %s", RELEASE_LUA, l->key, l->owner);

    if (r)
        freeReplyObject(r);
}

void sweep_lock_close(sweep_lock_t *l)
{
    free(l);
}
