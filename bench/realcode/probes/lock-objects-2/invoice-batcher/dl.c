#include "dl.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

static const char *DL_RELEASE_LUA =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "  return redis.call('DEL', KEYS[1]) "
    "else return 0 end";

static const char *DL_EXTEND_LUA =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "  return redis.call('PEXPIRE', KEYS[1], ARGV[2]) "
    "else return 0 end";

static int dl_fill_token(char *out, size_t outlen)
{
    static const char hex[] = "0123456789abcdef";
    unsigned char raw[DL_TOKEN_LEN / 2];
    size_t i;
    ssize_t n;
    int fd;

    if (outlen < DL_TOKEN_LEN + 1)
        return -1;
    fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    n = read(fd, raw, sizeof(raw));
    close(fd);
    if (n != (ssize_t)sizeof(raw))
        return -1;
    for (i = 0; i < sizeof(raw); i++) {
        out[2 * i] = hex[raw[i] >> 4];
        out[2 * i + 1] = hex[raw[i] & 0x0f];
    }
    out[DL_TOKEN_LEN] = '\0';
    return 0;
}

dl_lock *dl_new(redisContext *c, const char *name, int ttl_ms)
{
    dl_lock *h;
    size_t klen;

    if (c == NULL || name == NULL || *name == '\0' || ttl_ms <= 0)
        return NULL;
    h = calloc(1, sizeof(*h));
    if (h == NULL)
        return NULL;
    klen = strlen(name) + sizeof("lock:invoice:");
    h->key = malloc(klen);
    if (h->key == NULL) {
        free(h);
        return NULL;
    }
    snprintf(h->key, klen, "lock:invoice:%s", name);
    h->ctx = c;
    h->ttl_ms = ttl_ms;
    return h;
}

void dl_free(dl_lock *h)
{
    if (h == NULL)
        return;
    free(h->key);
    free(h);
}

int dl_acquire(dl_lock *h)
{
    redisReply *r;
    int rc;

    if (dl_fill_token(h->token, sizeof(h->token)) != 0) {
        syslog(LOG_ERR, "dl: no entropy for %s", h->key);
        return -1;
    }
    r = redisCommand(h->ctx, "SET %s %s NX PX %d", h->key, h->token, h->ttl_ms);
    if (r == NULL) {
        syslog(LOG_ERR, "dl: SET %s: %s", h->key, h->ctx->errstr);
        return -1;
    }
    if (r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0)
        rc = 1;
    else if (r->type == REDIS_REPLY_NIL)
        rc = 0;
    else
        rc = -1;
    freeReplyObject(r);
    h->held = (rc == 1);
    return rc;
}

int dl_release(dl_lock *h)
{
    redisReply *r;
    int rc;

    r = redisCommand(h->ctx, "EVAL %s 1 %s %s", DL_RELEASE_LUA, h->key, h->token);
    if (r == NULL)
        return -1;
    rc = (r->type == REDIS_REPLY_INTEGER) ? (r->integer == 1) : -1;
    freeReplyObject(r);
    h->held = 0;
    return rc;
}

int dl_extend(dl_lock *h)
{
    redisReply *r;
    int rc;

    r = redisCommand(h->ctx, "EVAL %s 1 %s %s %d", DL_EXTEND_LUA, h->key, h->token,
                     h->ttl_ms);
    if (r == NULL)
        return -1;
    rc = (r->type == REDIS_REPLY_INTEGER) ? (r->integer == 1) : -1;
    freeReplyObject(r);
    if (rc != 1)
        h->held = 0;
    return rc;
}
