#include "warm_lock.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

static const char RELEASE_SCRIPT[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

void warm_lock_token(char *buf, size_t len)
{
    static unsigned long seq;
    struct timespec ts;

    clock_gettime(CLOCK_REALTIME, &ts);
    snprintf(buf, len, "%d-%lx-%lu", (int)getpid(),
             (unsigned long)ts.tv_sec * 1000000000UL + (unsigned long)ts.tv_nsec, ++seq);
}

int warm_lock_request(redisAsyncContext *ac, const char *region, const char *token,
                      int ttl_ms, redisCallbackFn *cb, void *privdata)
{
    return redisAsyncCommand(ac, cb, privdata, "SET warm:%s %s NX PX %d", region, token,
                             ttl_ms);
}

int warm_lock_release(redisAsyncContext *ac, const char *region, const char *token)
{
    return redisAsyncCommand(ac, NULL, NULL, "EVAL %s 1 warm:%s %s", RELEASE_SCRIPT, region,
                             token);
}
