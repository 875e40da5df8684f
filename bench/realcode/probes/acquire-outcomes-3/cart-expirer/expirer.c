/* expirer.c - drops abandoned carts and merges guest carts on login. */
#include <stdio.h>
#include <string.h>

#include <hiredis/hiredis.h>

#include "cart_lock.h"

static void drop_cart(redisContext *ctx, const char *cart_id)
{
    redisReply *r = redisCommand(ctx, "UNLINK cart:%s:items", cart_id);
    if (r) freeReplyObject(r);
    r = redisCommand(ctx, "SREM carts:active %s", cart_id);
    if (r) freeReplyObject(r);
}

static void copy_items(redisContext *ctx, const char *from, const char *to)
{
    redisReply *r = redisCommand(ctx, "COPY cart:%s:items cart:%s:items REPLACE", from, to);
    if (r) freeReplyObject(r);
}

void expire_cart(redisContext *ctx, const char *cart_id)
{
    cart_lock cl;
    int rc;

    cart_lock_prepare(&cl, ctx, cart_id, 3000);
    rc = cart_lock_take(&cl);
    if (rc < 0)
        return;
    drop_cart(ctx, cart_id);
    cart_lock_release(&cl);
}

int expire_batch(redisContext *ctx, const char **ids, int n)
{
    int i, dropped = 0;

    for (i = 0; i < n; i++) {
        cart_lock cl;

        cart_lock_prepare(&cl, ctx, ids[i], 3000);
        if (cart_lock_take(&cl) > 0) {
            drop_cart(ctx, ids[i]);
            cart_lock_release(&cl);
            dropped++;
        }
    }
    return dropped;
}

int merge_guest_cart(redisContext *ctx, const char *guest_id, const char *user_cart)
{
    cart_lock cl;

    cart_lock_prepare(&cl, ctx, user_cart, 5000);
    if (!cart_lock_take(&cl))
        return 0;           /* user is checking out in another tab */
    copy_items(ctx, guest_id, user_cart);
    drop_cart(ctx, guest_id);
    cart_lock_release(&cl);
    return 1;
}

int recalc_totals(redisContext *ctx, const char *cart_id)
{
    cart_lock cl;
    redisReply *r;

    cart_lock_prepare(&cl, ctx, cart_id, 2000);
    switch (cart_lock_take(&cl)) {
    case 1:
        break;
    case 0:
        return 0;
    default:
        return -1;
    }
    r = redisCommand(ctx, "HSET cart:%s:meta dirty 0", cart_id);
    if (r) freeReplyObject(r);
    cart_lock_release(&cl);
    return 1;
}

/* Hourly sweep over one shard of the cart keyspace. */
int sweep_shard(redisContext *ctx, const char *shard, const char **ids, int n)
{
    cart_lock cl;
    int i;

    cart_lock_prepare(&cl, ctx, shard, 60000);
    if (cart_lock_take_long(&cl) <= 0)
        return -1;
    for (i = 0; i < n; i++) {
        drop_cart(ctx, ids[i]);
        if (i % 500 == 499 && cart_lock_extend(&cl) != 0)
            break;
    }
    cart_lock_release(&cl);
    return 0;
}
