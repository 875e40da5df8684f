#include "sweep_lock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

static const char *kReleaseLua =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end "
    "return 0";
static const char *kRenewLua =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0";

static char *FormatKey(const char *prefix, const char *name)
{
    size_t len = strlen(prefix) + strlen(name) + 1;
    char *out = malloc(len);
    if (out != NULL)
        snprintf(out, len, "%s%s", prefix, name);
    return out;
}

static void NewOwner(SweepLock *l)
{
    unsigned int rnd[2] = {0, 0};
    if (getrandom(rnd, sizeof(rnd), 0) != (ssize_t)sizeof(rnd))
        rnd[0] = (unsigned int)rand();
    snprintf(l->owner, sizeof(l->owner), "%d:%08x%08x", (int)getpid(), rnd[0], rnd[1]);
}

SweepLock *SweepLock_New(redisContext *ctx, const char *name, int ttlMs)
{
    SweepLock *l = calloc(1, sizeof(*l));
    if (l == NULL)
        return NULL;
    l->ctx = ctx;
    l->ttlMs = ttlMs;
    l->key = FormatKey("sweep:lock:", name);
    l->hbKey = FormatKey("sweep:hb:", name);
    if (l->key == NULL || l->hbKey == NULL) {
        SweepLock_Free(l);
        return NULL;
    }
    return l;
}

void SweepLock_Free(SweepLock *l)
{
    if (l == NULL)
        return;
    free(l->key);
    free(l->hbKey);
    free(l);
}

int SweepLock_Acquire(SweepLock *l)
{
    redisReply *r;
    int rc;

    NewOwner(l);
    r = redisCommand(l->ctx, "SET %s %s NX PX %d", l->key, l->owner, l->ttlMs);
    if (r == NULL)
        return -1;
    rc = r->type == REDIS_REPLY_STATUS ? 1 : (r->type == REDIS_REPLY_NIL ? 0 : -1);
    freeReplyObject(r);
    return rc;
}

int SweepLock_Renew(SweepLock *l)
{
    redisReply *r = redisCommand(l->ctx, "EVAL %s 1 %s %s %d", kRenewLua, l->key, l->owner,
                                 l->ttlMs);
    int rc;
    if (r == NULL)
        return -1;
    rc = (r->type == REDIS_REPLY_INTEGER) ? (int)r->integer : -1;
    freeReplyObject(r);
    return rc;
}

int SweepLock_Release(SweepLock *l)
{
    redisReply *r = redisCommand(l->ctx, "EVAL %s 1 %s %s", kReleaseLua, l->key, l->owner);
    int rc;
    if (r == NULL)
        return -1;
    rc = (r->type == REDIS_REPLY_INTEGER) ? (int)r->integer : -1;
    freeReplyObject(r);
    return rc;
}

int SweepLock_Heartbeat(SweepLock *l, long long now)
{
    redisReply *r = redisCommand(l->ctx, "SET %s %lld EX 120", l->hbKey, now);
    if (r == NULL)
        return -1;
    freeReplyObject(r);
    return 0;
}

int SweepLock_Steal(SweepLock *l)
{
    redisReply *r;

    NewOwner(l);
    r = redisCommand(l->ctx, "SET %s %s PX %d", l->key, l->owner, l->ttlMs);
    if (r == NULL)
        return -1;
    freeReplyObject(r);
    return 1;
}
