#define _DEFAULT_SOURCE
#include "dlock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

/* SET NX PX and, when won, bump the fence counter in the same script. */
static const char *ACQUIRE_LUA =
    "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then "
    "  return redis.call('incr', KEYS[2]) "
    "end "
    "return 0";

static const char *RELEASE_LUA =
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

static const char *FENCED_INCRBY_LUA =
    "local seen = tonumber(redis.call('hget', KEYS[1], 'fence') or '0') "
    "if tonumber(ARGV[1]) <= seen then return 0 end "
    "redis.call('hset', KEYS[1], 'fence', ARGV[1]) "
    "redis.call('hincrby', KEYS[1], 'value', ARGV[2]) "
    "return 1";

static int fill_owner(char *out, size_t len)
{
    unsigned char b[16];
    size_t i;

    if (len < 2 * sizeof b + 1)
        return -1;
    if (getrandom(b, sizeof b, 0) != (ssize_t)sizeof b)
        return -1;
    for (i = 0; i < sizeof b; i++)
        sprintf(out + 2 * i, "%02x", b[i]);
    return 0;
}

int dlock_acquire(redisContext *rc, const char *name, int ttl_ms, dlock_t *lk)
{
    redisReply *r;
    int ret;

    snprintf(lk->key, sizeof lk->key, "quota:lock:%s", name);
    if (fill_owner(lk->owner, sizeof lk->owner) != 0)
        return -1;

    r = redisCommand(rc, "EVAL %s 2 %s quota:fence:%s %s %d", ACQUIRE_LUA, lk->key, name, lk->owner, ttl_ms);
    if (r == NULL || r->type != REDIS_REPLY_INTEGER) {
        ret = -1;
    } else if (r->integer == 0) {
        ret = 0;
    } else {
        lk->fence = r->integer;
        ret = 1;
    }
    if (r)
        freeReplyObject(r);
    return ret;
}

void dlock_release(redisContext *rc, const dlock_t *lk)
{
    redisReply *r = redisCommand(rc, "EVAL %s 1 %s %s", RELEASE_LUA, lk->key, lk->owner);
    if (r)
        freeReplyObject(r);
}

int dlock_fenced_incrby(redisContext *rc, const dlock_t *lk, const char *counter, long long delta)
{
    redisReply *r = redisCommand(rc, "EVAL %s 1 %s %lld %lld", FENCED_INCRBY_LUA, counter, lk->fence, delta);
    int ret = -1;

    if (r && r->type == REDIS_REPLY_INTEGER)
        ret = (int)r->integer;
    if (r)
        freeReplyObject(r);
    return ret;
}

void sleep_ms(int ms)
{
    usleep((useconds_t)ms * 1000u);
}
