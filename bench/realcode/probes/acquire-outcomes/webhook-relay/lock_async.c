#define _POSIX_C_SOURCE 200809L
#include "relay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char UNLOCK_LUA[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

void relay_new_owner(char *out, size_t len)
{
    static unsigned seq;
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    snprintf(out, len, "%d.%lld.%ld.%u", (int)getpid(), (long long)ts.tv_sec, ts.tv_nsec, ++seq);
}

int relay_lock_async(redisAsyncContext *ac, relay_job *job, redisCallbackFn *cb)
{
    relay_new_owner(job->owner, sizeof job->owner);
    return redisAsyncCommand(ac, cb, job, "SET %s %s NX PX %d",
                             job->lock_key, job->owner, RELAY_LOCK_TTL_MS);
}

void relay_unlock_async(relay_job *job)
{
    redisAsyncCommand(job->ac, NULL, NULL, "EVAL %s 1 %s %s", UNLOCK_LUA,
                      job->lock_key, job->owner);
}
