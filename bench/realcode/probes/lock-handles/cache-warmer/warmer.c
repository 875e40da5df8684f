#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>

#include "warm_lock.h"
#include "warmer.h"

static void stats_add(struct warm_stats *st, int ok)
{
	pthread_mutex_lock(&st->mu);
	if (ok)
		st->pages_ok++;
	else
		st->pages_failed++;
	pthread_mutex_unlock(&st->mu);
}

/* Runs on every warmer pod after a deploy; the lock keeps it to one. */
int warm_pages(redisContext *rc, const char **pages, int n, struct warm_stats *st)
{
	warm_lock *l = warm_lock_new(rc, "deploy-warm", 120);
	int i;

	if (l == NULL)
		return -1;
	if (!warm_lock_try(l)) {
		warm_lock_destroy(l);
		return 0;
	}
	for (i = 0; i < n; i++)
		stats_add(st, render_and_store(rc, pages[i]) == 0);

	warm_lock_release(l);
	warm_lock_destroy(l);
	return 1;
}

int warm_pages_edge(redisContext *rc, const char **pages, int n, struct warm_stats *st)
{
	warm_lock *l = warm_lock_new(rc, "edge-warm", 120);
	int i;

	if (l == NULL)
		return -1;
	if (!warm_lock_try_compat(l)) {
		warm_lock_destroy(l);
		return 0;
	}
	for (i = 0; i < n; i++)
		stats_add(st, render_and_store(rc, pages[i]) == 0);

	warm_lock_release(l);
	warm_lock_destroy(l);
	return 1;
}

/* Called from the request threads of each warmer pod. */
void record_hit(struct hit_counter *hc, const char *page)
{
	redisReply *r;
	long hits = 0;

	pthread_mutex_lock(&hc->mu);
	r = redisCommand(hc->rc, "GET hits:%s", page);
	if (r != NULL && r->type == REDIS_REPLY_STRING)
		hits = strtol(r->str, NULL, 10);
	if (r != NULL)
		freeReplyObject(r);

	r = redisCommand(hc->rc, "SET hits:%s %ld", page, hits + 1);
	if (r != NULL)
		freeReplyObject(r);
	pthread_mutex_unlock(&hc->mu);
}
