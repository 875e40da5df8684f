#ifndef HOOK_LOCK_H
#define HOOK_LOCK_H

/*
 * Per-hook Redis lease for webhook delivery, on the async client.
 * A hook_req lives until its last callback has run.
 */

#include <hiredis/async.h>
#include <hiredis/hiredis.h>

struct hook_req {
    char key[96];
    char token[48];
    char hook_id[48];
    int attempts;
    int max_attempts;
};

/* Submits SET key token NX PX 20000 with cb as the reply callback and req as
 * privdata. The return is only the submit status (REDIS_OK = queued); the
 * lock outcome arrives in cb as a redisReply: STATUS "OK" = held,
 * NIL = busy, ERROR or NULL = failure. */
int hook_lock_submit(redisAsyncContext *ac, struct hook_req *req,
                     redisCallbackFn *cb);

/* 1 only for a STATUS reply "OK". */
int hook_reply_granted(const redisReply *reply);

/* Compare-and-delete on req->token. */
void hook_lock_release(redisAsyncContext *ac, struct hook_req *req);

void on_refund_lock(redisAsyncContext *ac, void *r, void *privdata);
void on_retry_lock(redisAsyncContext *ac, void *r, void *privdata);
void on_capped_lock(redisAsyncContext *ac, void *r, void *privdata);

/* Delivery work, defined elsewhere. */
int deliver_hook(const char *hook_id);

#endif
