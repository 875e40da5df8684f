/*
 * Stock reservation against the per-SKU redis lock.  The counters live
 * in a redis hash inv:stock:<sku> with fields on_hand / reserved.
 */
#include <stdio.h>
#include <string.h>

#include <hiredis/hiredis.h>

#include "inv_lock.h"

#define LOCK_TTL_MS 5000

enum { RSV_OK = 0, RSV_BUSY = 1, RSV_FAIL = -1 };

static int hincr(redisContext *rc, const char *sku, const char *field, long long by)
{
	redisReply *r = redisCommand(rc, "HINCRBY inv:stock:%s %s %lld", sku, field, by);
	int ok = r && r->type == REDIS_REPLY_INTEGER;

	if (r)
		freeReplyObject(r);
	return ok ? 0 : -1;
}

static long long hget_ll(redisContext *rc, const char *sku, const char *field)
{
	redisReply *r = redisCommand(rc, "HGET inv:stock:%s %s", sku, field);
	long long v = -1;

	if (r && r->type == REDIS_REPLY_STRING)
		sscanf(r->str, "%lld", &v);
	if (r)
		freeReplyObject(r);
	return v;
}

int reserve_sku(redisContext *rc, const char *sku, int qty)
{
	struct inv_lock l;
	int ret = RSV_FAIL;
	long long on_hand, reserved;

	inv_lock_init(&l, rc, sku, LOCK_TTL_MS);
	if (inv_lock_acquire(&l) != 1)
		return RSV_BUSY;

	on_hand = hget_ll(rc, sku, "on_hand");
	reserved = hget_ll(rc, sku, "reserved");
	if (on_hand >= 0 && reserved >= 0 && on_hand - reserved >= qty)
		ret = hincr(rc, sku, "reserved", qty) == 0 ? RSV_OK : RSV_FAIL;

	inv_lock_release(&l);
	return ret;
}

int restock_sku(redisContext *rc, const char *sku, int qty)
{
	struct inv_lock l;
	redisReply *r;
	int ret;

	inv_lock_init(&l, rc, sku, LOCK_TTL_MS);
	r = inv_lock_eval(&l);
	if (r == NULL) {
		fprintf(stderr, "restock %s: redis gone: %s\n", sku, rc->errstr);
		return RSV_FAIL;
	}
	freeReplyObject(r);

	ret = hincr(rc, sku, "on_hand", qty);
	inv_lock_release(&l);
	return ret;
}

int transfer_stock(redisContext *rc, const char *from, const char *to, int qty)
{
	struct inv_lock l;
	int ret = RSV_FAIL;

	/* both SKUs share one warehouse lock, keyed on the source */
	inv_lock_init(&l, rc, from, LOCK_TTL_MS);
	if (inv_lock_acquire(&l) >= 0) {
		if (hincr(rc, from, "on_hand", -qty) == 0 &&
		    hincr(rc, to, "on_hand", qty) == 0)
			ret = RSV_OK;
		inv_lock_release(&l);
	}
	return ret;
}

int cancel_reservation(redisContext *rc, const char *sku, int qty)
{
	struct inv_lock l;
	int got, ret;

	inv_lock_init(&l, rc, sku, LOCK_TTL_MS);
	got = inv_lock_acquire(&l);
	if (got == 1) {
		ret = hincr(rc, sku, "reserved", -qty);
		inv_lock_release(&l);
		return ret;
	}
	return got == 0 ? RSV_BUSY : RSV_FAIL;
}

/* Periodic job: zero out reservations whose carts have gone away. */
int sweep_reservations(redisContext *rc, const char *sku, long long live)
{
	struct inv_lock l;
	redisReply *r;
	int ret;

	inv_lock_init(&l, rc, sku, 30000);
	if (inv_lock_acquire(&l) != 1)
		return RSV_BUSY;

	r = redisCommand(rc, "HSET inv:stock:%s reserved %lld", sku, live);
	ret = (r && r->type == REDIS_REPLY_INTEGER) ? RSV_OK : RSV_FAIL;
	if (r)
		freeReplyObject(r);

	r = redisCommand(rc, "DEL %s", l.key);
	if (r)
		freeReplyObject(r);
	return ret;
}
