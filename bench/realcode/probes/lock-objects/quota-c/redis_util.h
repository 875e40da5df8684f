#ifndef QUOTA_REDIS_UTIL_H
#define QUOTA_REDIS_UTIL_H

#include <stdarg.h>
#include <hiredis/hiredis.h>

/* Runs a command; on success returns 0 and stores the reply in *out (caller
 * frees it with freeReplyObject). Returns -1 on I/O or reply error. */
int redis_exec(redisContext *c, redisReply **out, const char *fmt, ...);
int redis_vexec(redisContext *c, redisReply **out, const char *fmt, va_list ap);

#endif
