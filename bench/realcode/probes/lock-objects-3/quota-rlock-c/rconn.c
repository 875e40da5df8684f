#include "rconn.h"

#include <stdio.h>
#include <string.h>
#include <sys/time.h>

redisReply *rc_vcmd(redisContext *c, const char *fmt, va_list ap)
{
    redisReply *r;

    if (c == NULL || c->err)
        return NULL;
    r = redisvCommand(c, fmt, ap);
    if (r == NULL)
        fprintf(stderr, "rconn: %s\n", c->errstr);
    return r;
}

redisReply *rc_cmd(redisContext *c, const char *fmt, ...)
{
    va_list ap;
    redisReply *r;

    va_start(ap, fmt);
    r = rc_vcmd(c, fmt, ap);
    va_end(ap);
    return r;
}

int rc_cmd_status(redisContext *c, const char *fmt, ...)
{
    va_list ap;
    redisReply *r;
    int rv;

    va_start(ap, fmt);
    r = rc_vcmd(c, fmt, ap);
    va_end(ap);
    if (r == NULL)
        return -1;
    if (r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0)
        rv = 1;
    else if (r->type == REDIS_REPLY_NIL)
        rv = 0;
    else
        rv = -1;
    freeReplyObject(r);
    return rv;
}

long long rc_cmd_int(redisContext *c, const char *fmt, ...)
{
    va_list ap;
    redisReply *r;
    long long v = -1;

    va_start(ap, fmt);
    r = rc_vcmd(c, fmt, ap);
    va_end(ap);
    if (r == NULL)
        return -1;
    if (r->type == REDIS_REPLY_INTEGER)
        v = r->integer;
    freeReplyObject(r);
    return v;
}

redisContext *rc_connect(const char *host, int port, int timeout_ms)
{
    struct timeval tv;
    redisContext *c;

    tv.tv_sec = timeout_ms / 1000;
    tv.tv_usec = (timeout_ms % 1000) * 1000;
    c = redisConnectWithTimeout(host, port, tv);
    if (c == NULL)
        return NULL;
    if (c->err) {
        fprintf(stderr, "rconn: connect %s:%d: %s\n", host, port, c->errstr);
        redisFree(c);
        return NULL;
    }
    redisSetTimeout(c, tv);
    return c;
}
