#include <stdio.h>

#include "redis_util.h"

int redis_vexec(redisContext *c, redisReply **out, const char *fmt, va_list ap)
{
    redisReply *r = redisvCommand(c, fmt, ap);

    *out = NULL;
    if (r == NULL) {
        fprintf(stderr, "redis: %s\n", c->errstr);
        return -1;
    }
    if (r->type == REDIS_REPLY_ERROR) {
        fprintf(stderr, "redis: %s\n", r->str);
        freeReplyObject(r);
        return -1;
    }
    *out = r;
    return 0;
}

int redis_exec(redisContext *c, redisReply **out, const char *fmt, ...)
{
    va_list ap;
    int rc;

    va_start(ap, fmt);
    rc = redis_vexec(c, out, fmt, ap);
    va_end(ap);
    return rc;
}
