#ifndef SETTLE_NOTIFY_LOCK_H
#define SETTLE_NOTIFY_LOCK_H

#include <hiredis/async.h>

struct notify_job {
    redisAsyncContext *ac;
    const char *channel;
    char key[96];
    char owner[40];
    int held;
    int attempts;
};

void notify_job_init(struct notify_job *job, redisAsyncContext *ac, const char *channel);
/* Queues SET key owner NX PX ttl_ms; cb receives the reply with job as privdata.
 * Returns REDIS_OK when the command was queued. */
int notify_lock_submit(struct notify_job *job, redisCallbackFn *cb, int ttl_ms);
/* 1 when a SET ... NX reply means the key is now ours. */
int notify_reply_granted(const redisReply *reply);
void notify_lock_release(struct notify_job *job);

#endif
