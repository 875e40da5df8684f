#include "hook_lock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

static const char RELEASE_LUA[] =
    "if redis.call('get',KEYS[1]) == ARGV[1] then "
    "return redis.call('del',KEYS[1]) else return 0 end";

struct hook_lock {
    redisContext *c;
    char key[160];
    char owner[33];
};

struct hook_lock *hook_lock_new(redisContext *c, const char *endpoint_id)
{
    struct hook_lock *l = malloc(sizeof(*l));
    unsigned char raw[16];
    int i;

    if (!l)
        return NULL;
    if (getrandom(raw, sizeof(raw), 0) != (ssize_t)sizeof(raw)) {
        free(l);
        return NULL;
    }
    l->c = c;
    snprintf(l->key, sizeof(l->key), "webhook:endpoint:%s", endpoint_id);
    for (i = 0; i < 16; i++)
        sprintf(l->owner + 2 * i, "%02x", raw[i]);
    return l;
}

int hook_lock_try(struct hook_lock *l, int ttl_ms, int *acquired)
{
    redisReply *r = redisCommand(l->c, "SET %s %s NX PX %d", l->key, l->owner, ttl_ms);

    if (!r)
        return -1;
    if (r->type == REDIS_REPLY_ERROR) {
        fprintf(stderr, "hook lock %s: %s\n", l->key, r->str);
        freeReplyObject(r);
        return -1;
    }
    *acquired = r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0;
    freeReplyObject(r);
    return 0;
}

int hook_lock_release(struct hook_lock *l)
{
    redisReply *r = redisCommand(l->c, "EVAL %s 1 %s %s", RELEASE_LUA, l->key, l->owner);
    int released;

    if (!r)
        return -1;
    released = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    freeReplyObject(r);
    return released;
}

void hook_lock_free(struct hook_lock *l)
{
    free(l);
}
