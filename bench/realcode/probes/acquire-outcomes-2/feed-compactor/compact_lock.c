#include "compact_lock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

static const char RELEASE_LUA[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

int cl_make_token(char *out, size_t len)
{
    unsigned char raw[CL_TOKEN_LEN / 2];

    if (len <= CL_TOKEN_LEN)
        return -1;
    if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw)
        return -1;
    for (size_t i = 0; i < sizeof raw; i++)
        sprintf(out + 2 * i, "%02x", raw[i]);
    out[CL_TOKEN_LEN] = '\0';
    return 0;
}

redisReply *cl_try_set(redisContext *c, const char *key, const char *token, int ttl_ms)
{
    return redisCommand(c, "SET %s %s NX PX %d", key, token, ttl_ms);
}

int cl_release(redisContext *c, const char *key, const char *token)
{
    redisReply *r = redisCommand(c, "EVAL %s 1 %s %s", RELEASE_LUA, key, token);
    if (r == NULL)
        return -1;
    int rc = r->type == REDIS_REPLY_INTEGER ? (int)r->integer : -1;
    freeReplyObject(r);
    return rc;
}

redisReply *cl_try_set_simple(redisContext *c, const char *key, int ttl_ms)
{
    return redisCommand(c, "SET %s 1 NX PX %d", key, ttl_ms);
}

void cl_release_simple(redisContext *c, const char *key)
{
    redisReply *r = redisCommand(c, "DEL %s", key);
    if (r != NULL)
        freeReplyObject(r);
}
