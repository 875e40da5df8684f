#include "kv.h"

#include <string.h>

static const char DEL_IF_LUA[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
static const char SET_IF_OWNER_LUA[] =
    "if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end "
    "redis.call('set', KEYS[2], ARGV[2]) return 1";

static int int_reply(redisReply *r)
{
    int v = -1;

    if (r && r->type == REDIS_REPLY_INTEGER)
        v = (int)r->integer;
    if (r)
        freeReplyObject(r);
    return v;
}

int kv_set_nx_px(redisContext *c, const char *key, const char *val, int ttl_ms)
{
    redisReply *r = redisCommand(c, "SET %s %s NX PX %d", key, val, ttl_ms);
    int v;

    if (!r)
        return -1;
    if (r->type == REDIS_REPLY_NIL)
        v = 0;
    else if (r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0)
        v = 1;
    else
        v = -1;
    freeReplyObject(r);
    return v;
}

int kv_del_if(redisContext *c, const char *key, const char *val)
{
    return int_reply(redisCommand(c, "EVAL %s 1 %s %s", DEL_IF_LUA, key, val));
}

int kv_set_if_owner(redisContext *c, const char *lock_key, const char *owner,
                    const char *data_key, const char *data_val)
{
    return int_reply(redisCommand(c, "EVAL %s 2 %s %s %s %s", SET_IF_OWNER_LUA,
                                  lock_key, data_key, owner, data_val));
}
