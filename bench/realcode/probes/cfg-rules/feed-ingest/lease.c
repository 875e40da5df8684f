#include "lease.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *DROP_SCRIPT =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

int lease_try(redisContext *c, const char *key, const char *token, int ttl_ms)
{
    redisReply *r = redisCommand(c, "SET %s %s NX PX %d", key, token, ttl_ms);
    int out = -1;
    if (r == NULL)
        return -1;
    if (r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0)
        out = 1;
    else if (r->type == REDIS_REPLY_NIL)
        out = 0;
    freeReplyObject(r);
    return out;
}

int lease_drop(redisContext *c, const char *key, const char *token)
{
    redisReply *r = redisCommand(c, "EVAL %s 1 %s %s", DROP_SCRIPT, key, token);
    int out = 0;
    if (r == NULL)
        return 0;
    if (r->type == REDIS_REPLY_INTEGER && r->integer == 1)
        out = 1;
    freeReplyObject(r);
    return out;
}

void lease_token(char *buf, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    size_t i;
    for (i = 0; i + 1 < n && i < 32; i++)
        buf[i] = hex[rand() % 16];
    buf[i] = '\0';
}
