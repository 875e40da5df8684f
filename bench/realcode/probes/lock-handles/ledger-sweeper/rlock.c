#define _GNU_SOURCE
#include "rlock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RLOCK_VALUE "locked"

struct rlock {
    redisContext *rc;
    char *key;
    unsigned ttl;
    bool held;
};

rlock_t *rlock_new(redisContext *rc, const char *resource, unsigned ttl_sec)
{
    rlock_t *l = calloc(1, sizeof(*l));
    if (!l)
        return NULL;
    if (asprintf(&l->key, "lock:ledger:%s", resource) < 0) {
        free(l);
        return NULL;
    }
    l->rc = rc;
    l->ttl = ttl_sec;
    return l;
}

void rlock_free(rlock_t *l)
{
    if (!l)
        return;
    if (l->held)
        rlock_unlock(l);
    free(l->key);
    free(l);
}

const char *rlock_key(const rlock_t *l)
{
    return l->key;
}

bool rlock_try(rlock_t *l)
{
    redisReply *reply = redisCommand(l->rc, "SET %s %s NX EX %u", l->key, RLOCK_VALUE, l->ttl);
    if (!reply)
        return false;
    l->held = reply->type == REDIS_REPLY_STATUS;
    freeReplyObject(reply);
    return l->held;
}

int rlock_unlock(rlock_t *l)
{
    redisReply *reply;
    int mine;

    reply = redisCommand(l->rc, "GET %s", l->key);
    if (!reply)
        return -1;
    mine = reply->type == REDIS_REPLY_STRING && strcmp(reply->str, RLOCK_VALUE) == 0;
    freeReplyObject(reply);

    l->held = false;
    if (!mine)
        return 0;

    reply = redisCommand(l->rc, "DEL %s", l->key);
    if (!reply)
        return -1;
    freeReplyObject(reply);
    return 1;
}
