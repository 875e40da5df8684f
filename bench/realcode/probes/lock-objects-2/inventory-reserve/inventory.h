#ifndef INV_INVENTORY_H
#define INV_INVENTORY_H

#include "rlock.h"

struct order_line {
    const char *order_id;
    const char *sku;
    const char *warehouse;
    int qty;
};

/* reserve.c */
int reserve_line(struct rlock *sku_lock, struct rlock *wh_lock, const struct order_line *ol);
int reserve_order(redisContext *c, const struct order_line *lines, int n);
int audit_sku(redisContext *c, const char *sku, const char *warehouse);

/* restock.c */
int restock_warehouse(redisContext *c, const char *warehouse, const char **skus,
                      const int *qty, int n);

#endif
