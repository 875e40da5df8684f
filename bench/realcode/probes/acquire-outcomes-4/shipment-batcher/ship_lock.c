#include "ship_lock.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

struct lock {
    redisContext *c;
    char key[128];
    char token[48];
    int ttl_ms;
};

struct lock *lock_new(redisContext *c, const char *name, int ttl_ms)
{
    struct lock *l = calloc(1, sizeof(*l));
    struct timespec ts;

    if (l == NULL)
        return NULL;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    l->c = c;
    l->ttl_ms = ttl_ms;
    snprintf(l->key, sizeof(l->key), "ship:lock:%s", name);
    snprintf(l->token, sizeof(l->token), "%d.%ld.%ld.%d", (int)getpid(),
             (long)ts.tv_sec, ts.tv_nsec, rand());
    return l;
}

int lock_acquire(struct lock *l)
{
    redisReply *r = redisCommand(l->c, "SET %s %s NX PX %d", l->key, l->token, l->ttl_ms);
    int rc = r == NULL ? -1
           : r->type == REDIS_REPLY_NIL ? 0
           : r->type == REDIS_REPLY_STATUS ? 1
           : -1;

    if (r != NULL)
        freeReplyObject(r);
    return rc;
}

void lock_release(struct lock *l)
{
    redisReply *r = redisCommand(l->c, "DEL %s", l->key);

    if (r != NULL)
        freeReplyObject(r);
}

void lock_free(struct lock *l)
{
    free(l);
}
