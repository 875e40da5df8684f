#include "sweep_lock.h"

#include <stddef.h>

static const char *renew_script =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end";

static const char *release_script =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('DEL', KEYS[1]) else return 0 end";

unsigned sweep_lock(redisContext *c, const char *key, const char *owner, int ttl_ms)
{
    unsigned st;
    redisReply *r = redisCommand(c, "SET %s %s NX PX %d", key, owner, ttl_ms);

    if (r == NULL || r->type == REDIS_REPLY_ERROR)
        st = SWEEP_ERR_IO;
    else if (r->type == REDIS_REPLY_STATUS)
        st = SWEEP_HELD | SWEEP_FRESH;
    else
        st = 0;
    if (r)
        freeReplyObject(r);
    if (st != 0)
        return st;

    r = redisCommand(c, "EVAL %s 1 %s %s %d", renew_script, key, owner, ttl_ms);
    if (r == NULL || r->type != REDIS_REPLY_INTEGER)
        st = SWEEP_ERR_IO;
    else
        st = r->integer == 1 ? (SWEEP_HELD | SWEEP_RENEWED) : SWEEP_CONTENDED;
    if (r)
        freeReplyObject(r);
    return st;
}

void sweep_unlock(redisContext *c, const char *key, const char *owner)
{
    redisReply *r = redisCommand(c, "EVAL %s 1 %s %s", release_script, key, owner);
    if (r)
        freeReplyObject(r);
}
