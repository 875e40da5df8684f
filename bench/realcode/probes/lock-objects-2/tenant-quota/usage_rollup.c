/* usage_rollup.c -- folds raw usage events into the per-tenant quota total. */
#include "qlock.h"
#include "rollup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

static const char *FENCED_SET_LUA =
	"local seen = tonumber(redis.call('GET', KEYS[2]) or '0') "
	"if tonumber(ARGV[2]) < seen then return 0 end "
	"redis.call('SET', KEYS[2], ARGV[2]) "
	"redis.call('SET', KEYS[1], ARGV[1]) "
	"return 1";

static long long sum_usage(redisContext *rc, qlock_t *q, const char *tenant)
{
	char cursor[32] = "0";
	long long total = 0;
	redisReply *r;
	size_t i;

	do {
		r = redisCommand(rc, "HSCAN usage:events:%s %s COUNT 500", tenant, cursor);
		if (!r || r->type != REDIS_REPLY_ARRAY || r->elements != 2) {
			if (r)
				freeReplyObject(r);
			return -1;
		}
		snprintf(cursor, sizeof(cursor), "%s", r->element[0]->str);
		for (i = 1; i < r->element[1]->elements; i += 2)
			total += strtoll(r->element[1]->element[i]->str, NULL, 10);
		freeReplyObject(r);
		if (qlock_touch(q) != 0) {
			syslog(LOG_WARNING, "rollup %s: lock refresh failed", tenant);
			return -1;
		}
	} while (strcmp(cursor, "0") != 0);
	return total;
}

int rollup_tenant(redisContext *rc, qlock_t *q, const char *tenant)
{
	long long used;
	redisReply *r;

	used = sum_usage(rc, q, tenant);
	if (used < 0)
		return -1;
	r = redisCommand(rc, "SET quota:used:%s %lld", tenant, used);
	if (!r)
		return -1;
	freeReplyObject(r);
	syslog(LOG_INFO, "rollup %s: used=%lld", tenant, used);
	return 0;
}

int rollup_tenant_fenced(redisContext *rc, qlock_t *q, const char *tenant)
{
	char used_key[192], seen_key[192];
	long long used;
	redisReply *r;
	int applied;

	used = sum_usage(rc, q, tenant);
	if (used < 0)
		return -1;
	snprintf(used_key, sizeof(used_key), "quota:used:%s", tenant);
	snprintf(seen_key, sizeof(seen_key), "quota:fence_seen:%s", tenant);
	r = redisCommand(rc, "EVAL %s 2 %s %s %lld %lld", FENCED_SET_LUA, used_key,
			 seen_key, used, (long long)q->fence);
	if (!r)
		return -1;
	applied = (r->type == REDIS_REPLY_INTEGER && r->integer == 1);
	freeReplyObject(r);
	if (!applied)
		syslog(LOG_WARNING, "rollup %s: stale fence %lld rejected", tenant,
		       (long long)q->fence);
	return applied ? 0 : 1;
}
