#ifndef WARMER_WARM_LOCK_H
#define WARMER_WARM_LOCK_H

#include <hiredis/hiredis.h>

typedef struct warm_lock {
	redisContext *rc;
	char key[80];
	char owner[33];
	int ttl_s;
} warm_lock;

warm_lock *warm_lock_new(redisContext *rc, const char *name, int ttl_s);
void warm_lock_destroy(warm_lock *l);

int warm_lock_try(warm_lock *l);
int warm_lock_try_compat(warm_lock *l);
int warm_lock_release(warm_lock *l);

#endif
