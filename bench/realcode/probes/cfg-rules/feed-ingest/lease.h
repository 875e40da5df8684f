#ifndef FEED_LEASE_H
#define FEED_LEASE_H

#include <stddef.h>
#include <hiredis/hiredis.h>

/* SET key token NX PX ttl_ms: 1 granted, 0 held by someone else, -1 error. */
int lease_try(redisContext *c, const char *key, const char *token, int ttl_ms);
/* Compare-and-delete script: 1 when our token was removed. */
int lease_drop(redisContext *c, const char *key, const char *token);
/* Random 32-hex-char token. */
void lease_token(char *buf, size_t n);

#endif
