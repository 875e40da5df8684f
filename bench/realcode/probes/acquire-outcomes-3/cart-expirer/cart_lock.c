#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cart_lock.h"

#define RELEASE_SCRIPT \
    "if redis.call('get', KEYS[1]) == ARGV[1] then " \
    "return redis.call('del', KEYS[1]) end return 0"

static int classify(redisReply *r)
{
    int out;

    if (!r)
        return -1;
    switch (r->type) {
    case REDIS_REPLY_STATUS:
        out = 1;
        break;
    case REDIS_REPLY_NIL:
        out = 0;
        break;
    default:
        out = -1;
        break;
    }
    freeReplyObject(r);
    return out;
}

void cart_lock_prepare(cart_lock *cl, redisContext *ctx, const char *cart_id, unsigned ttl_ms)
{
    static unsigned seq;

    cl->ctx = ctx;
    cl->ttl_ms = ttl_ms;
    snprintf(cl->key, sizeof cl->key, "cart:%s:lock", cart_id);
    snprintf(cl->owner, sizeof cl->owner, "%d.%lx.%u",
             (int)getpid(), (unsigned long)time(NULL), ++seq);
}

int cart_lock_take(cart_lock *cl)
{
    return classify(redisCommand(cl->ctx, "SET %s %s NX PX %u",
                                 cl->key, cl->owner, cl->ttl_ms));
}

int cart_lock_take_long(cart_lock *cl)
{
    return classify(redisCommand(cl->ctx, "SET %s %s PX %u",
                                 cl->key, cl->owner, cl->ttl_ms));
}

int cart_lock_extend(cart_lock *cl)
{
    redisReply *r = redisCommand(cl->ctx, "PEXPIRE %s %u", cl->key, cl->ttl_ms);
    int ok = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;

    if (r)
        freeReplyObject(r);
    return ok ? 0 : -1;
}

int cart_lock_release(cart_lock *cl)
{
    redisReply *r = redisCommand(cl->ctx, "EVAL %s 1 %s %s",
                                 RELEASE_SCRIPT, cl->key, cl->owner);
    int ok = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;

    if (r)
        freeReplyObject(r);
    return ok;
}
