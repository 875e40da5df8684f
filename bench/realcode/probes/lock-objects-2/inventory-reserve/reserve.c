/* reserve.c - reserves stock for incoming orders. */
#include "inventory.h"

#include <stdio.h>
#include <stdlib.h>
#include <syslog.h>
#include <unistd.h>

#define LOCK_TTL_MS 3000
#define LOCK_TRIES  20

/* Calls the pricing service to confirm the line; can take seconds under load. */
static int confirm_price(const struct order_line *ol)
{
    syslog(LOG_DEBUG, "pricing %s x%d", ol->sku, ol->qty);
    usleep(200 * 1000);
    return 0;
}

int reserve_line(struct rlock *sku_lock, struct rlock *wh_lock, const struct order_line *ol)
{
    redisReply *r;
    int rc = -1;

    if (rlock_take_wait(sku_lock, LOCK_TRIES) != 1)
        return -1;
    if (rlock_take_wait(wh_lock, LOCK_TRIES) != 1) {
        rlock_drop(sku_lock);
        return -1;
    }

    if (confirm_price(ol) == 0) {
        r = redisCommand(sku_lock->c, "HINCRBY stock:%s:%s available %d", ol->warehouse,
                         ol->sku, -ol->qty);
        if (r != NULL) {
            rc = 0;
            freeReplyObject(r);
        }
    }

    rlock_drop(wh_lock);
    rlock_drop(sku_lock);
    return rc;
}

int reserve_order(redisContext *c, const struct order_line *lines, int n)
{
    struct rlock sku_lock, wh_lock;
    redisReply *r;
    int i, failed = 0;

    for (i = 0; i < n; i++) {
        if (rlock_init(&sku_lock, c, LOCK_TTL_MS, "lock:sku:%s", lines[i].sku) != 0 ||
            rlock_init(&wh_lock, c, LOCK_TTL_MS, "lock:warehouse:%s", lines[i].warehouse) != 0) {
            failed++;
            continue;
        }
        if (reserve_line(&sku_lock, &wh_lock, &lines[i]) != 0)
            failed++;
    }
    r = redisCommand(c, "INCRBY orders:lines_reserved %d", n - failed);
    if (r != NULL)
        freeReplyObject(r);
    return failed;
}

int audit_sku(redisContext *c, const char *sku, const char *warehouse)
{
    struct rlock sku_lock, wh_lock;
    redisReply *r;
    long long avail = -1;

    rlock_init(&sku_lock, c, LOCK_TTL_MS, "lock:sku:%s", sku);
    rlock_init(&wh_lock, c, LOCK_TTL_MS, "lock:warehouse:%s", warehouse);
    if (rlock_take_wait(&sku_lock, LOCK_TRIES) != 1)
        return -1;
    if (rlock_take_wait(&wh_lock, LOCK_TRIES) != 1) {
        rlock_drop(&sku_lock);
        return -1;
    }
    r = redisCommand(c, "HGET stock:%s:%s available", warehouse, sku);
    if (r != NULL && r->type == REDIS_REPLY_STRING)
        avail = strtoll(r->str, NULL, 10);
    if (r != NULL)
        freeReplyObject(r);
    rlock_drop(&wh_lock);
    rlock_drop(&sku_lock);

    if (avail >= 0) {
        r = redisCommand(c, "SET stock:cache:%s:%s %lld EX 60", warehouse, sku, avail);
        if (r != NULL)
            freeReplyObject(r);
    }
    return avail < 0 ? -1 : 0;
}
