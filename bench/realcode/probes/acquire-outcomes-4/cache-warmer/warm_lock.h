#ifndef WARM_LOCK_H
#define WARM_LOCK_H

#include <hiredis/async.h>
#include <hiredis/hiredis.h>

#define WARM_TOKEN_LEN 40

/* Fills buf with a token unique to this process and call. */
void warm_lock_token(char *buf, size_t len);

/* Sends SET NX PX for the region; cb receives the raw reply (status "OK"
 * when the lock was taken, nil when another warmer owns it). */
int warm_lock_request(redisAsyncContext *ac, const char *region, const char *token,
                      int ttl_ms, redisCallbackFn *cb, void *privdata);

int warm_lock_release(redisAsyncContext *ac, const char *region, const char *token);

#endif
