/* feed_lock.h -- per-feed publish lock in Redis.
 *
 * feed_lock_cmd() sends SET <key> <token> NX PX <ttl> and returns the raw
 * reply (NULL when the connection failed).  The caller inspects and frees
 * it: +OK status means the lock is ours, a nil reply means another
 * publisher has it, an error reply means Redis refused the command.
 */
#ifndef FEED_LOCK_H
#define FEED_LOCK_H

#include <stddef.h>
#include <hiredis/hiredis.h>

void        feed_token(char *out, size_t outlen);
redisReply *feed_lock_cmd(redisContext *c, const char *key, const char *token, int ttl_ms);
int         feed_unlock(redisContext *c, const char *key, const char *token);

#endif
