/*
 * dl.h - small Redis-backed mutual exclusion handle used by the billing
 * batch jobs.  One handle per logical resource; the handle owns its key.
 */
#ifndef INVOICE_DL_H
#define INVOICE_DL_H

#include <hiredis/hiredis.h>

#define DL_TOKEN_LEN 32

typedef struct dl_lock {
    redisContext *ctx;
    char *key;                        /* "lock:invoice:<name>", heap owned */
    char token[DL_TOKEN_LEN + 1];     /* per-acquire random owner id */
    int ttl_ms;
    int held;
} dl_lock;

/* Returns NULL on bad arguments or allocation failure. */
dl_lock *dl_new(redisContext *c, const char *name, int ttl_ms);
void dl_free(dl_lock *h);

/* 1 = lock held, 0 = someone else holds it, -1 = Redis/transport error. */
int dl_acquire(dl_lock *h);
/* 1 = released, 0 = we were no longer the owner, -1 = error. */
int dl_release(dl_lock *h);
/* 1 = TTL pushed out, 0 = lock lost, -1 = error. */
int dl_extend(dl_lock *h);

#endif
