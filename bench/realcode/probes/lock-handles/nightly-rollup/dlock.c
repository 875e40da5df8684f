#define _POSIX_C_SOURCE 200809L

#include "dlock.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

static const char RELEASE_LUA[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "  return redis.call('del', KEYS[1]) "
    "else "
    "  return 0 "
    "end";

static int fill_token(char *out, size_t hexlen)
{
    static const char hex[] = "0123456789abcdef";
    unsigned char raw[DLOCK_TOKEN_LEN / 2];
    ssize_t n;
    size_t i;
    int fd;

    fd = open("/dev/urandom", O_RDONLY);
    if (fd < 0)
        return -1;
    n = read(fd, raw, sizeof raw);
    close(fd);
    if (n != (ssize_t)sizeof raw)
        return -1;

    for (i = 0; i < sizeof raw && 2 * i + 1 < hexlen; i++) {
        out[2 * i] = hex[raw[i] >> 4];
        out[2 * i + 1] = hex[raw[i] & 0x0f];
    }
    out[hexlen] = '\0';
    return 0;
}

int dlock_init(struct dlock *l, redisContext *c, const char *name, int ttl_ms)
{
    int n;

    memset(l, 0, sizeof *l);
    l->c = c;
    l->ttl_ms = ttl_ms;

    n = snprintf(l->key, sizeof l->key, "rollup:lock:%s", name);
    if (n < 0 || (size_t)n >= sizeof l->key)
        return -1;

    return fill_token(l->token, DLOCK_TOKEN_LEN);
}

int dlock_acquire(struct dlock *l)
{
    redisReply *r;
    int got;

    r = redisCommand(l->c, "SET %s %s NX PX %d", l->key, l->token, l->ttl_ms);
    if (r == NULL)
        return -1;
    got = (r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0);
    freeReplyObject(r);
    return got;
}

/*
 * Long rollups call this every few thousand rows so the key does not
 * lapse underneath them.
 */
int dlock_extend(struct dlock *l)
{
    redisReply *r;
    int ok;

    r = redisCommand(l->c, "PEXPIRE %s %d", l->key, l->ttl_ms);
    if (r == NULL)
        return -1;
    ok = (r->type == REDIS_REPLY_INTEGER && r->integer == 1);
    freeReplyObject(r);
    return ok;
}

int dlock_release(struct dlock *l)
{
    redisReply *r;
    int released;

    r = redisCommand(l->c, "EVAL %s 1 %s %s", RELEASE_LUA, l->key, l->token);
    if (r == NULL)
        return -1;
    released = (r->type == REDIS_REPLY_INTEGER && r->integer == 1);
    freeReplyObject(r);
    return released;
}
