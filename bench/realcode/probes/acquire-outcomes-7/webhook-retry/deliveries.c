#include "hook_lock.h"

#include <stdio.h>

static void on_payment_lock(redisAsyncContext *ac, void *r, void *privdata)
{
    redisReply *reply = r;
    struct hook_req *req = privdata;

    if (reply != NULL && reply->type != REDIS_REPLY_NIL) {
        deliver_hook(req->hook_id);
        hook_lock_release(ac, req);
    }
}

static void on_dispute_lock(redisAsyncContext *ac, void *r, void *privdata)
{
    struct hook_req *req = privdata;

    if (r == NULL)
        return;
    deliver_hook(req->hook_id);
    hook_lock_release(ac, req);
}

static void on_payout_lock(redisAsyncContext *ac, void *r, void *privdata)
{
    struct hook_req *req = privdata;

    (void)r;
    deliver_hook(req->hook_id);
    hook_lock_release(ac, req);
}

static void on_noop(redisAsyncContext *ac, void *r, void *privdata)
{
    (void)ac;
    (void)r;
    (void)privdata;
}

static void on_status_lock(redisAsyncContext *ac, void *r, void *privdata)
{
    redisReply *reply = r;
    struct hook_req *req = privdata;

    if (reply == NULL || reply->type != REDIS_REPLY_STATUS)
        return;
    deliver_hook(req->hook_id);
    hook_lock_release(ac, req);
}

void schedule_payment(redisAsyncContext *ac, struct hook_req *req)
{
    hook_lock_submit(ac, req, on_payment_lock);
}

void schedule_dispute(redisAsyncContext *ac, struct hook_req *req)
{
    hook_lock_submit(ac, req, on_dispute_lock);
}

void schedule_payout(redisAsyncContext *ac, struct hook_req *req)
{
    hook_lock_submit(ac, req, on_payout_lock);
}

void schedule_invoice(redisAsyncContext *ac, struct hook_req *req)
{
    if (hook_lock_submit(ac, req, on_noop) == REDIS_OK) {
        deliver_hook(req->hook_id);
        hook_lock_release(ac, req);
    }
}

void schedule_status(redisAsyncContext *ac, struct hook_req *req)
{
    if (hook_lock_submit(ac, req, on_status_lock) != REDIS_OK)
        fprintf(stderr, "hook %s: submit failed\n", req->hook_id);
}

void schedule_refund(redisAsyncContext *ac, struct hook_req *req)
{
    hook_lock_submit(ac, req, on_refund_lock);
}

void schedule_retry(redisAsyncContext *ac, struct hook_req *req)
{
    req->attempts = 0;
    hook_lock_submit(ac, req, on_retry_lock);
}

void schedule_capped(redisAsyncContext *ac, struct hook_req *req)
{
    req->attempts = 0;
    req->max_attempts = 5;
    hook_lock_submit(ac, req, on_capped_lock);
}
