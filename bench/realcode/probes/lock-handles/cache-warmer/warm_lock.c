#define _DEFAULT_SOURCE
#include "warm_lock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

warm_lock *warm_lock_new(redisContext *rc, const char *name, int ttl_s)
{
	static const char digits[] = "0123456789abcdef";
	unsigned char raw[16];
	warm_lock *l;
	size_t i;

	l = calloc(1, sizeof(*l));
	if (l == NULL)
		return NULL;
	if (getrandom(raw, sizeof(raw), 0) != (ssize_t)sizeof(raw)) {
		free(l);
		return NULL;
	}
	for (i = 0; i < sizeof(raw); i++) {
		l->owner[2 * i] = digits[raw[i] >> 4];
		l->owner[2 * i + 1] = digits[raw[i] & 15];
	}
	l->owner[32] = '\0';
	snprintf(l->key, sizeof(l->key), "warmer:lock:%s", name);
	l->rc = rc;
	l->ttl_s = ttl_s;
	return l;
}

void warm_lock_destroy(warm_lock *l)
{
	free(l);
}

int warm_lock_try(warm_lock *l)
{
	redisReply *r = redisCommand(l->rc, "SET %s %s EX %d", l->key, l->owner, l->ttl_s);
	int ok = r != NULL && r->type == REDIS_REPLY_STATUS;

	if (r != NULL)
		freeReplyObject(r);
	return ok;
}

/* for the Redis 2.4 boxes still serving the EU edge */
int warm_lock_try_compat(warm_lock *l)
{
	redisReply *r = redisCommand(l->rc, "SETNX %s %s", l->key, l->owner);
	int ok = r != NULL && r->type == REDIS_REPLY_INTEGER && r->integer == 1;

	if (r != NULL)
		freeReplyObject(r);
	if (ok) {
		r = redisCommand(l->rc, "PEXPIRE %s %d", l->key, l->ttl_s * 1000);
		if (r != NULL)
			freeReplyObject(r);
	}
	return ok;
}

int warm_lock_release(warm_lock *l)
{
	redisReply *r = redisCommand(l->rc, "DEL %s", l->key);
	int n = (r != NULL && r->type == REDIS_REPLY_INTEGER) ? (int)r->integer : -1;

	if (r != NULL)
		freeReplyObject(r);
	return n;
}
