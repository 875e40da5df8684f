#include "take.h"
#include <string.h>

int take_submit(struct job *job, redisCallbackFn *cb, int ttl_ms)
{
    return redisAsyncCommand(job->ac, cb, job, "SET %s %s NX PX %d", job->key, job->owner, ttl_ms);
}

int take_granted(const redisReply *reply)
{
    return reply != NULL && reply->type == REDIS_REPLY_STATUS && strcmp(reply->str, "OK") == 0;
}
