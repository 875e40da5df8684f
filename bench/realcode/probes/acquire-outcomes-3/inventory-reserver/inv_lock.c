#include <stdio.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "inv_lock.h"

static const char ACQUIRE_LUA[] =
	"if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then "
	"  return 1 "
	"end "
	"return 0";

static const char RELEASE_LUA[] =
	"if redis.call('GET', KEYS[1]) == ARGV[1] then "
	"  return redis.call('DEL', KEYS[1]) "
	"end "
	"return 0";

static void random_token(char out[33])
{
	static const char hex[] = "0123456789abcdef";
	unsigned char raw[16] = {0};
	int fd = open("/dev/urandom", O_RDONLY);
	int i;

	if (fd >= 0) {
		if (read(fd, raw, sizeof raw) != (ssize_t)sizeof raw)
			memset(raw, 0x5a, sizeof raw);
		close(fd);
	}
	for (i = 0; i < 16; i++) {
		out[2 * i] = hex[raw[i] >> 4];
		out[2 * i + 1] = hex[raw[i] & 0xf];
	}
	out[32] = '\0';
}

void inv_lock_init(struct inv_lock *l, redisContext *rc, const char *sku, int ttl_ms)
{
	l->rc = rc;
	snprintf(l->key, sizeof l->key, "inv:lock:%s", sku);
	random_token(l->token);
	l->ttl_ms = ttl_ms;
}

redisReply *inv_lock_eval(struct inv_lock *l)
{
	return redisCommand(l->rc, "EVAL %s 1 %s %s %d",
			    ACQUIRE_LUA, l->key, l->token, l->ttl_ms);
}

int inv_lock_acquire(struct inv_lock *l)
{
	redisReply *r = inv_lock_eval(l);
	int ret;

	if (r == NULL)
		return -1;
	if (r->type != REDIS_REPLY_INTEGER)
		ret = -1;
	else
		ret = r->integer == 1 ? 1 : 0;
	freeReplyObject(r);
	return ret;
}

int inv_lock_release(struct inv_lock *l)
{
	redisReply *r = redisCommand(l->rc, "EVAL %s 1 %s %s",
				     RELEASE_LUA, l->key, l->token);
	int ok;

	if (r == NULL)
		return -1;
	ok = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
	freeReplyObject(r);
	return ok ? 0 : -1;
}
