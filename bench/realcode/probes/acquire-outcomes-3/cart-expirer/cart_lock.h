#ifndef CART_LOCK_H
#define CART_LOCK_H

#include <hiredis/hiredis.h>

typedef struct {
    redisContext *ctx;
    char key[96];
    char owner[48];
    unsigned ttl_ms;
} cart_lock;

void cart_lock_prepare(cart_lock *cl, redisContext *ctx, const char *cart_id, unsigned ttl_ms);

/* >0 acquired, 0 contended, <0 redis error */
int cart_lock_take(cart_lock *cl);

/* Same contract, used by the bulk sweeper which keeps the lock for minutes. */
int cart_lock_take_long(cart_lock *cl);

/* Push the expiry out by ttl_ms again; 0 on success. */
int cart_lock_extend(cart_lock *cl);

/* Compare-and-delete; 1 if we deleted our own key. */
int cart_lock_release(cart_lock *cl);

#endif
