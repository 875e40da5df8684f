// dispatch.c -- webhook fan-out.  One delivery per endpoint at a time,
// otherwise receivers see events out of order.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hiredis/async.h>
#include <hiredis/hiredis.h>

#include "hook_lock.h"

typedef struct Delivery {
    HookLock lock;
    char endpoint[96];
    char payload[512];
    int attempt;
} Delivery;

static void post_http(const Delivery *d)
{
    fprintf(stderr, "POST %s (%zu bytes, attempt %d)\n",
            d->endpoint, strlen(d->payload), d->attempt);
}

static Delivery *delivery_new(redisAsyncContext *ac, const char *endpoint, const char *payload)
{
    Delivery *d = calloc(1, sizeof(*d));
    if (!d) return NULL;
    snprintf(d->endpoint, sizeof d->endpoint, "%s", endpoint);
    snprintf(d->payload, sizeof d->payload, "%s", payload);
    HookLock_Init(&d->lock, ac, endpoint, 10000);
    return d;
}

static int lock_taken(const redisReply *r)
{
    return r != NULL && r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0;
}

/* ---- normal delivery ---- */

static void on_lock_normal(redisAsyncContext *ac, void *r, void *priv)
{
    Delivery *d = priv;
    (void)ac;

    if (!lock_taken(r)) {
        free(d);            /* requeued by the scheduler later */
        return;
    }
    post_http(d);
    HookLock_Release(&d->lock);
    free(d);
}

int dispatch_one(redisAsyncContext *ac, const char *endpoint, const char *payload)
{
    Delivery *d = delivery_new(ac, endpoint, payload);
    if (!d) return -1;
    if (HookLock_Submit(&d->lock, on_lock_normal, d) != REDIS_OK) {
        free(d);
        return -1;
    }
    return 0;
}

/* ---- retries ---- */

static void on_lock_retry(redisAsyncContext *ac, void *r, void *priv)
{
    redisReply *reply = r;
    Delivery *d = priv;
    (void)ac;

    if (reply == NULL) {
        fprintf(stderr, "retry %s: connection lost\n", d->endpoint);
        free(d);
        return;
    }
    post_http(d);
    HookLock_Release(&d->lock);
    free(d);
}

int dispatch_retry(redisAsyncContext *ac, const char *endpoint, const char *payload, int attempt)
{
    Delivery *d = delivery_new(ac, endpoint, payload);
    if (!d) return -1;
    d->attempt = attempt;
    if (HookLock_Submit(&d->lock, on_lock_retry, d) != REDIS_OK) {
        free(d);
        return -1;
    }
    return 0;
}

/* ---- burst mode: many small events to the same endpoint ---- */

static void on_lock_noted(redisAsyncContext *ac, void *r, void *priv)
{
    redisReply *reply = r;
    (void)ac;
    (void)priv;
    if (reply && reply->type == REDIS_REPLY_NIL)
        fprintf(stderr, "burst: endpoint busy\n");
}

int dispatch_burst(redisAsyncContext *ac, const char *endpoint,
                   const char *const *payloads, int n)
{
    Delivery *d = delivery_new(ac, endpoint, "");
    int i;

    if (!d) return -1;
    if (HookLock_Submit(&d->lock, on_lock_noted, NULL) != REDIS_OK) {
        free(d);
        return -1;
    }
    for (i = 0; i < n; i++) {
        snprintf(d->payload, sizeof d->payload, "%s", payloads[i]);
        post_http(d);
    }
    HookLock_Release(&d->lock);
    free(d);
    return 0;
}

/* ---- daily digest ---- */

static void on_lock_digest(redisAsyncContext *ac, void *r, void *priv)
{
    redisReply *reply = r;
    Delivery *d = priv;
    (void)ac;

    if (reply != NULL && reply->type == REDIS_REPLY_STATUS) {
        post_http(d);
        HookLock_Release(&d->lock);
    } else if (reply != NULL && reply->type == REDIS_REPLY_ERROR) {
        fprintf(stderr, "digest %s: %s\n", d->endpoint, reply->str);
    }
    free(d);
}

int dispatch_digest(redisAsyncContext *ac, const char *endpoint, const char *digest)
{
    Delivery *d = delivery_new(ac, endpoint, digest);
    if (!d) return -1;
    return HookLock_Submit(&d->lock, on_lock_digest, d) == REDIS_OK ? 0 : -1;
}

/* ---- maintenance ---- */

static void on_pinned(redisAsyncContext *ac, void *r, void *priv)
{
    Delivery *d = priv;
    (void)ac;
    if (lock_taken(r))
        fprintf(stderr, "endpoint %s pinned for maintenance\n", d->endpoint);
    free(d);
}

int pin_endpoint(redisAsyncContext *ac, const char *endpoint)
{
    Delivery *d = delivery_new(ac, endpoint, "");
    if (!d) return -1;
    return HookLock_Pin(&d->lock, on_pinned, d) == REDIS_OK ? 0 : -1;
}
