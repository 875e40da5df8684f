#pragma once

#include <hiredis/async.h>
#include <hiredis/hiredis.h>

/* Per-endpoint delivery lock, driven from the libevent loop. */
typedef struct {
    redisAsyncContext *ac;
    char key[160];
    char token[40];
    int  ttl_ms;
} HookLock;

void HookLock_Init(HookLock *hl, redisAsyncContext *ac, const char *endpoint_id, int ttl_ms);

/*
 * Sends SET key token NX PX ttl.  Returns REDIS_OK when the command was
 * queued on the async context; `fn` later receives the reply
 * (+OK when the lock was taken, nil when another dispatcher has it,
 * NULL when the connection dropped).
 */
int HookLock_Submit(HookLock *hl, redisCallbackFn *fn, void *priv);

/* Maintenance pin: blocks deliveries to an endpoint until unpinned. */
int HookLock_Pin(HookLock *hl, redisCallbackFn *fn, void *priv);

/* Token-checked delete; fire and forget. */
int HookLock_Release(HookLock *hl);
