#include "hook_lock.h"

#include <string.h>

static const char *kRelease =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

int hook_lock_submit(redisAsyncContext *ac, struct hook_req *req,
                     redisCallbackFn *cb)
{
    return redisAsyncCommand(ac, cb, req, "SET %s %s NX PX 20000",
                             req->key, req->token);
}

int hook_reply_granted(const redisReply *reply)
{
    return reply != NULL && reply->type == REDIS_REPLY_STATUS &&
           strcmp(reply->str, "OK") == 0;
}

void hook_lock_release(redisAsyncContext *ac, struct hook_req *req)
{
    redisAsyncCommand(ac, NULL, NULL, "EVAL %s 1 %s %s", kRelease, req->key,
                      req->token);
}

void on_refund_lock(redisAsyncContext *ac, void *r, void *privdata)
{
    struct hook_req *req = privdata;

    if (!hook_reply_granted(r))
        return;
    deliver_hook(req->hook_id);
    hook_lock_release(ac, req);
}

void on_retry_lock(redisAsyncContext *ac, void *r, void *privdata)
{
    struct hook_req *req = privdata;

    if (!hook_reply_granted(r)) {
        req->attempts++;
        hook_lock_submit(ac, req, on_retry_lock);
        return;
    }
    deliver_hook(req->hook_id);
    hook_lock_release(ac, req);
}

void on_capped_lock(redisAsyncContext *ac, void *r, void *privdata)
{
    struct hook_req *req = privdata;

    if (!hook_reply_granted(r)) {
        if (++req->attempts < req->max_attempts)
            hook_lock_submit(ac, req, on_capped_lock);
        return;
    }
    deliver_hook(req->hook_id);
    hook_lock_release(ac, req);
}
