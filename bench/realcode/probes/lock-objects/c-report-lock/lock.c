#include <stdio.h>
#include <string.h>

#include "lock.h"

int lock_init(struct lock_handle *h, redisContext *c, const char *name)
{
    int n;

    if (h == NULL || c == NULL || name == NULL)
        return -1;
    h->c = c;
    n = snprintf(h->key, sizeof(h->key), "lock:%s", name);
    if (n < 0 || (size_t)n >= sizeof(h->key))
        return -1;
    return 0;
}

/* returns 0 when the lock is held, 1 when busy */
int lock_acquire(struct lock_handle *h, int ttl_sec)
{
    redisReply *r;
    int got;

    r = redisCommand(h->c, "SETNX %s 1", h->key);
    got = (r != NULL && r->type == REDIS_REPLY_INTEGER && r->integer == 1);
    if (r != NULL) freeReplyObject(r);
    if (got && (r = redisCommand(h->c, "EXPIRE %s %d", h->key, ttl_sec)) != NULL)
        freeReplyObject(r);
    return got ? 0 : 1;
}

void lock_release(struct lock_handle *h)
{
    redisReply *r = redisCommand(h->c, "DEL %s", h->key);
    if (r != NULL)
        freeReplyObject(r);
}
