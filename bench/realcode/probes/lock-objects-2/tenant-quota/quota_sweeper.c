/* quota_sweeper.c -- cron entry point: recompute quota usage per tenant. */
#include "qlock.h"
#include "rollup.h"

#include <stdio.h>
#include <string.h>
#include <syslog.h>

struct sweep_opts {
	unsigned lock_ttl_ms;
	int lock_attempts;
	unsigned lock_pause_ms;
	int fenced;             /* feature flag: fenced writes */
};

static void bump_runs(redisContext *rc)
{
	redisReply *r = redisCommand(rc, "INCR sweeper:runs");
	if (r)
		freeReplyObject(r);
}

static int sweep_one(redisContext *rc, const struct sweep_opts *o, const char *tenant)
{
	qlock_t *q;
	int ret;

	q = qlock_create(rc, tenant, o->lock_ttl_ms);
	if (!q)
		return -1;
	ret = qlock_acquire_wait(q, o->lock_attempts, o->lock_pause_ms);
	if (ret != 0) {
		syslog(LOG_INFO, "sweep %s: skipped (ret=%d)", tenant, ret);
		qlock_destroy(q);
		return ret < 0 ? -1 : 0;
	}

	if (o->fenced)
		ret = rollup_tenant_fenced(rc, q, tenant);
	else
		ret = rollup_tenant(rc, q, tenant);

	qlock_release(q);
	qlock_destroy(q);
	return ret;
}

int sweep_all(redisContext *rc, const struct sweep_opts *o, char **tenants, int n)
{
	int i, failures = 0;

	bump_runs(rc);
	for (i = 0; i < n; i++) {
		if (sweep_one(rc, o, tenants[i]) < 0)
			failures++;
	}
	return failures;
}
