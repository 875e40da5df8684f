#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hook_lock.h"

static const char *kReleaseLua =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

void HookLock_Init(HookLock *hl, redisAsyncContext *ac, const char *endpoint_id, int ttl_ms)
{
    struct timespec ts;

    clock_gettime(CLOCK_REALTIME, &ts);
    hl->ac = ac;
    hl->ttl_ms = ttl_ms;
    snprintf(hl->key, sizeof hl->key, "hooks:lock:%s", endpoint_id);
    snprintf(hl->token, sizeof hl->token, "%ld-%ld-%ld",
             (long)getpid(), (long)ts.tv_sec, (long)ts.tv_nsec);
}

int HookLock_Submit(HookLock *hl, redisCallbackFn *fn, void *priv)
{
    return redisAsyncCommand(hl->ac, fn, priv, "SET %s %s NX PX %d",
                             hl->key, hl->token, hl->ttl_ms);
}

int HookLock_Pin(HookLock *hl, redisCallbackFn *fn, void *priv)
{
    return redisAsyncCommand(hl->ac, fn, priv, "SET %s %s NX",
                             hl->key, hl->token);
}

int HookLock_Release(HookLock *hl)
{
    return redisAsyncCommand(hl->ac, NULL, NULL, "EVAL %s 1 %s %s",
                             kReleaseLua, hl->key, hl->token);
}
