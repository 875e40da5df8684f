#ifndef RQ_RCONN_H
#define RQ_RCONN_H

#include <stdarg.h>
#include <hiredis/hiredis.h>

/* printf-style command helpers over one redisContext.
 * rc_cmd returns a reply the caller frees, or NULL on transport error. */
redisReply *rc_cmd(redisContext *c, const char *fmt, ...);
redisReply *rc_vcmd(redisContext *c, const char *fmt, va_list ap);

/* 1 = +OK status, 0 = nil (e.g. SET NX lost), -1 = error */
int rc_cmd_status(redisContext *c, const char *fmt, ...);

/* integer reply or -1 */
long long rc_cmd_int(redisContext *c, const char *fmt, ...);

redisContext *rc_connect(const char *host, int port, int timeout_ms);

#endif
