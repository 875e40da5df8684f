#include "notify_lock.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *release_script =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('DEL', KEYS[1]) else return 0 end";

void notify_job_init(struct notify_job *job, redisAsyncContext *ac, const char *channel)
{
    unsigned int seed[4] = {(unsigned)time(NULL), (unsigned)getpid(), 0, 0};
    FILE *f = fopen("/dev/urandom", "rb");
    if (f) {
        if (fread(seed, sizeof seed, 1, f) != 1)
            seed[3] ^= (unsigned)clock();
        fclose(f);
    }
    memset(job, 0, sizeof *job);
    job->ac = ac;
    job->channel = channel;
    snprintf(job->key, sizeof job->key, "settle-notify:%s", channel);
    snprintf(job->owner, sizeof job->owner, "%08x%08x%08x%08x", seed[0], seed[1], seed[2], seed[3]);
}

int notify_lock_submit(struct notify_job *job, redisCallbackFn *cb, int ttl_ms)
{
    return redisAsyncCommand(job->ac, cb, job, "SET %s %s NX PX %d", job->key, job->owner, ttl_ms);
}

int notify_reply_granted(const redisReply *reply)
{
    return reply != NULL && reply->type == REDIS_REPLY_STATUS && strcmp(reply->str, "OK") == 0;
}

void notify_lock_release(struct notify_job *job)
{
    redisAsyncCommand(job->ac, NULL, NULL, "EVAL %s 1 %s %s", release_script, job->key, job->owner);
}
