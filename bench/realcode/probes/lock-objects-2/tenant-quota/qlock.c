#include "qlock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static unsigned long qlock_seq;

static void make_owner(char *buf, size_t len)
{
	char host[64] = "unknown";
	struct timespec ts;

	gethostname(host, sizeof(host) - 1);
	clock_gettime(CLOCK_REALTIME, &ts);
	snprintf(buf, len, "%s:%d:%ld.%09ld:%lu", host, (int)getpid(),
		 (long)ts.tv_sec, ts.tv_nsec, ++qlock_seq);
}

qlock_t *qlock_create(redisContext *rc, const char *tenant, unsigned ttl_ms)
{
	char buf[256];
	qlock_t *q;

	q = calloc(1, sizeof(*q));
	if (!q)
		return NULL;
	snprintf(buf, sizeof(buf), "lock:quota:%s", tenant);
	q->key = strdup(buf);
	snprintf(buf, sizeof(buf), "fence:quota:%s", tenant);
	q->fence_key = strdup(buf);
	if (!q->key || !q->fence_key)
		goto fail;
	q->rc = rc;
	q->ttl_ms = ttl_ms;
	return q;
fail:
	free(q->key);
	free(q->fence_key);
	free(q);
	return NULL;
}

void qlock_destroy(qlock_t *q)
{
	if (!q)
		return;
	free(q->key);
	free(q->fence_key);
	free(q);
}

int qlock_acquire(qlock_t *q)
{
	redisReply *r;
	int64_t fence;
	int ret = -1;

	/* take the fence number first so a held lock never lacks one */
	r = redisCommand(q->rc, "INCR %s", q->fence_key);
	if (!r)
		return -1;
	if (r->type != REDIS_REPLY_INTEGER) {
		freeReplyObject(r);
		return -1;
	}
	fence = r->integer;
	freeReplyObject(r);

	make_owner(q->owner, sizeof(q->owner));
	r = redisCommand(q->rc, "SET %s %s NX PX %u", q->key, q->owner, q->ttl_ms);
	if (!r)
		return -1;
	if (r->type == REDIS_REPLY_NIL) {
		ret = 1;
	} else if (r->type == REDIS_REPLY_STATUS) {
		q->fence = fence;
		ret = 0;
	}
	freeReplyObject(r);
	return ret;
}

int qlock_acquire_wait(qlock_t *q, int attempts, unsigned pause_ms)
{
	int i, ret = 1;

	for (i = 0; i < attempts; i++) {
		ret = qlock_acquire(q);
		if (ret != 1)
			return ret;
		usleep(pause_ms * 1000u);
	}
	return ret;
}

int qlock_touch(qlock_t *q)
{
	redisReply *r;
	int ok;

	r = redisCommand(q->rc, "PEXPIRE %s %u", q->key, q->ttl_ms);
	if (!r)
		return -1;
	ok = (r->type == REDIS_REPLY_INTEGER && r->integer == 1);
	freeReplyObject(r);
	return ok ? 0 : -1;
}

int qlock_release(qlock_t *q)
{
	redisReply *r;

	r = redisCommand(q->rc, "DEL %s", q->key);
	if (!r)
		return -1;
	freeReplyObject(r);
	q->fence = 0;
	return 0;
}
