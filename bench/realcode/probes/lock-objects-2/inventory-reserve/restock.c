/* restock.c - applies a supplier delivery to a whole warehouse. */
#include "inventory.h"

#include <string.h>
#include <syslog.h>

/* Writes only if the warehouse lock still carries our token (WATCH/MULTI/EXEC). */
static int add_stock_guarded(struct rlock *wh_lock, const char *sku, int qty)
{
    redisContext *c = wh_lock->c;
    redisReply *r;
    int ok = 0;

    r = redisCommand(c, "WATCH %s", wh_lock->key);
    if (r == NULL)
        return -1;
    freeReplyObject(r);
    r = redisCommand(c, "GET %s", wh_lock->key);
    if (r == NULL)
        return -1;
    ok = (r->type == REDIS_REPLY_STRING && strcmp(r->str, wh_lock->token) == 0);
    freeReplyObject(r);
    if (!ok) {
        r = redisCommand(c, "UNWATCH");
        if (r != NULL)
            freeReplyObject(r);
        return -1;
    }
    r = redisCommand(c, "MULTI");
    if (r != NULL)
        freeReplyObject(r);
    r = redisCommand(c, "HINCRBY stock:%s:%s available %d", wh_lock->key + strlen("lock:warehouse:"),
                     sku, qty);
    if (r != NULL)
        freeReplyObject(r);
    r = redisCommand(c, "EXEC");
    if (r == NULL)
        return -1;
    ok = (r->type == REDIS_REPLY_ARRAY);
    freeReplyObject(r);
    return ok ? 0 : -1;
}

int restock_warehouse(redisContext *c, const char *warehouse, const char **skus,
                      const int *qty, int n)
{
    struct rlock wh_lock, sku_lock;
    int i, applied = 0;

    if (rlock_init(&wh_lock, c, 10000, "lock:warehouse:%s", warehouse) != 0)
        return -1;
    if (rlock_take_wait(&wh_lock, 50) != 1) {
        syslog(LOG_WARNING, "restock %s: warehouse busy", warehouse);
        return -1;
    }

    for (i = 0; i < n; i++) {
        if (rlock_init(&sku_lock, c, 3000, "lock:sku:%s", skus[i]) != 0)
            continue;
        if (rlock_take_wait(&sku_lock, 20) != 1) {
            syslog(LOG_NOTICE, "restock %s: sku %s busy, skipped", warehouse, skus[i]);
            continue;
        }
        if (add_stock_guarded(&wh_lock, skus[i], qty[i]) == 0)
            applied++;
        rlock_drop(&sku_lock);
    }

    rlock_drop(&wh_lock);
    return applied;
}
