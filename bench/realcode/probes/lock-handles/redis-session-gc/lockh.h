#ifndef SESSGC_LOCKH_H
#define SESSGC_LOCKH_H

#include <hiredis/hiredis.h>

struct lockh {
	char key[96];
	char val[64];
	unsigned ttl_s;
};

void lockh_setup(struct lockh *lk, const char *key, unsigned ttl_s);

int lockh_take(redisContext *rc, struct lockh *lk);
int lockh_take_legacy(redisContext *rc, struct lockh *lk);
int lockh_wait(redisContext *rc, struct lockh *lk, int timeout_ms);

int lockh_drop(redisContext *rc, struct lockh *lk);
int lockh_drop_safe(redisContext *rc, struct lockh *lk);

#endif
