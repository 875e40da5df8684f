#ifndef HOOK_LOCK_H
#define HOOK_LOCK_H

#include <hiredis/hiredis.h>

struct hook_lock;

struct hook_lock *hook_lock_new(redisContext *c, const char *endpoint_id);

/*
 * Returns 0 when redis answered; *acquired is then 1 if we now own the
 * endpoint and 0 if another dispatcher does.  Returns -1 on connection or
 * protocol errors, leaving *acquired untouched.
 */
int hook_lock_try(struct hook_lock *l, int ttl_ms, int *acquired);
int hook_lock_release(struct hook_lock *l);
void hook_lock_free(struct hook_lock *l);

#endif
