#define _DEFAULT_SOURCE
#include "lockh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *drop_if_mine =
	"if redis.call('get', KEYS[1]) == ARGV[1] then "
	"return redis.call('del', KEYS[1]) end return 0";

void lockh_setup(struct lockh *lk, const char *key, unsigned ttl_s)
{
	char host[32] = "unknown";
	struct timespec ts;

	memset(lk, 0, sizeof(*lk));
	if (strlen(key) >= sizeof(lk->key))
		abort();
	strcpy(lk->key, key);

	gethostname(host, sizeof(host) - 1);
	clock_gettime(CLOCK_REALTIME, &ts);
	srandom((unsigned)(ts.tv_nsec ^ getpid()));
	snprintf(lk->val, sizeof(lk->val), "%s-%d-%lx%lx", host, (int)getpid(),
		 (unsigned long)random(), (unsigned long)ts.tv_nsec);
	lk->ttl_s = ttl_s;
}

int lockh_take(redisContext *rc, struct lockh *lk)
{
	redisReply *rep = redisCommand(rc, "SET %s %s NX EX %u", lk->key, lk->val, lk->ttl_s);
	int ok;

	if (!rep)
		return -1;
	ok = rep->type == REDIS_REPLY_STATUS;
	freeReplyObject(rep);
	return ok;
}

/* older callers; kept for the gc worker until it is ported */
int lockh_take_legacy(redisContext *rc, struct lockh *lk)
{
	redisReply *rep;
	int ok;

	rep = redisCommand(rc, "SETNX %s %s", lk->key, lk->val);
	if (!rep)
		return -1;
	ok = rep->type == REDIS_REPLY_INTEGER && rep->integer == 1;
	freeReplyObject(rep);
	if (!ok)
		return 0;

	rep = redisCommand(rc, "EXPIRE %s %u", lk->key, lk->ttl_s);
	if (rep)
		freeReplyObject(rep);
	return 1;
}

int lockh_wait(redisContext *rc, struct lockh *lk, int timeout_ms)
{
	int waited = 0;

	for (;;) {
		int r = lockh_take(rc, lk);
		if (r != 0)
			return r;
		if (waited >= timeout_ms)
			return 0;
		usleep(20 * 1000);
		waited += 20;
	}
}

int lockh_drop(redisContext *rc, struct lockh *lk)
{
	redisReply *rep = redisCommand(rc, "DEL %s", lk->key);

	if (!rep)
		return -1;
	freeReplyObject(rep);
	return 0;
}

int lockh_drop_safe(redisContext *rc, struct lockh *lk)
{
	redisReply *rep = redisCommand(rc, "EVAL %s 1 %s %s", drop_if_mine, lk->key, lk->val);
	int dropped;

	if (!rep)
		return -1;
	dropped = rep->type == REDIS_REPLY_INTEGER && rep->integer == 1;
	freeReplyObject(rep);
	return dropped;
}
