#include "refunds.h"
#include "sweep_lock.h"

#include <stdio.h>

#define SWEEP_TTL_MS 60000

int sweep_card_refunds(redisContext *c, const char *owner)
{
    unsigned st = sweep_lock(c, "refund-sweep:card", owner, SWEEP_TTL_MS);
    if (!(st & SWEEP_HELD))
        return 0;
    if (st & SWEEP_FRESH)
        reload_cursor("card");
    while (process_refund_page("card")) {
        if (!(sweep_lock(c, "refund-sweep:card", owner, SWEEP_TTL_MS) & SWEEP_HELD))
            return -1;
    }
    sweep_unlock(c, "refund-sweep:card", owner);
    return 1;
}

int sweep_wallet_refunds(redisContext *c, const char *owner)
{
    if (sweep_lock(c, "refund-sweep:wallet", owner, SWEEP_TTL_MS)) {
        while (process_refund_page("wallet"))
            ;
        sweep_unlock(c, "refund-sweep:wallet", owner);
        return 1;
    }
    return 0;
}

int sweep_bank_refunds(redisContext *c, const char *owner)
{
    unsigned st = sweep_lock(c, "refund-sweep:bank", owner, SWEEP_TTL_MS);
    if (st & SWEEP_CONTENDED)
        return 0;
    while (process_refund_page("bank"))
        ;
    sweep_unlock(c, "refund-sweep:bank", owner);
    return 1;
}

int sweep_gift_refunds(redisContext *c, const char *owner)
{
    unsigned st = sweep_lock(c, "refund-sweep:gift", owner, SWEEP_TTL_MS);
    if ((st & SWEEP_HELD) == 0) {
        if (st & SWEEP_ERR_IO)
            fprintf(stderr, "gift refund lock: redis unavailable\n");
        return 0;
    }
    if (st & SWEEP_FRESH)
        reload_cursor("gift");
    process_refund_page("gift");
    sweep_unlock(c, "refund-sweep:gift", owner);
    return 1;
}

int sweep_voucher_refunds(redisContext *c, const char *owner)
{
    unsigned st = sweep_lock(c, "refund-sweep:voucher", owner, SWEEP_TTL_MS);
    if (st & (SWEEP_FRESH | SWEEP_RENEWED)) {
        process_refund_page("voucher");
        sweep_unlock(c, "refund-sweep:voucher", owner);
        return 1;
    }
    return 0;
}

int sweep_ach_refunds(redisContext *c, const char *owner)
{
    unsigned st = sweep_lock(c, "refund-sweep:ach", owner, SWEEP_TTL_MS);
    if (!(st & SWEEP_HELD))
        return 0;
    while (process_refund_page("ach"))
        sweep_lock(c, "refund-sweep:ach", owner, SWEEP_TTL_MS);
    sweep_unlock(c, "refund-sweep:ach", owner);
    return 1;
}
