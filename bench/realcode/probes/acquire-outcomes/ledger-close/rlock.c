#define _POSIX_C_SOURCE 200809L
#include "rlock.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const char RELEASE_LUA[] =
    "if redis.call('get',KEYS[1]) == ARGV[1] then return redis.call('del',KEYS[1]) else return 0 end";

static const char HSET_IF_OWNER_LUA[] =
    "if redis.call('get',KEYS[1]) ~= ARGV[1] then return 0 end "
    "redis.call('hset',KEYS[2],ARGV[2],ARGV[3]) return 1";

int rl_make_owner(char *buf, size_t len)
{
    FILE *f;
    unsigned char raw[16];
    size_t i;

    if (len < 33)
        return -1;
    f = fopen("/dev/urandom", "rb");
    if (!f)
        return -1;
    if (fread(raw, 1, sizeof raw, f) != sizeof raw) {
        fclose(f);
        return -1;
    }
    fclose(f);
    for (i = 0; i < sizeof raw; i++)
        snprintf(buf + 2 * i, 3, "%02x", raw[i]);
    return 0;
}

int rl_release(redisContext *c, const char *key, const char *owner)
{
    redisReply *r = redisCommand(c, "EVAL %s 1 %s %s", RELEASE_LUA, key, owner);
    int rc;

    if (!r)
        return -1;
    rc = (r->type == REDIS_REPLY_INTEGER && r->integer == 1) ? 1 : 0;
    freeReplyObject(r);
    return rc;
}

int rl_hset_if_owner(redisContext *c, const char *lock_key, const char *owner,
                     const char *hkey, const char *field, const char *value)
{
    redisReply *r = redisCommand(c, "EVAL %s 2 %s %s %s %s %s", HSET_IF_OWNER_LUA,
                                 lock_key, hkey, owner, field, value);
    int rc;

    if (!r)
        return -1;
    rc = (r->type == REDIS_REPLY_INTEGER && r->integer == 1) ? 1 : 0;
    freeReplyObject(r);
    return rc;
}

void rl_msleep(unsigned ms)
{
    struct timespec ts;
    ts.tv_sec = ms / 1000;
    ts.tv_nsec = (long)(ms % 1000) * 1000000L;
    nanosleep(&ts, NULL);
}
