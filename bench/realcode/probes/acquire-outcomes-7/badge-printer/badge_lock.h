#ifndef BADGE_LOCK_H
#define BADGE_LOCK_H

/*
 * Badge printer lease helpers.
 *
 * Each physical printer and the chip encoder is guarded by one Redis key
 * ("lock:printer:<name>", "lock:encoder"). The value is the caller's owner
 * string (host:pid:job), so release and renewal can check ownership.
 * Replies are handed back raw; callers decode them and must free them.
 * Leases are short (TTL_MS in print_jobs.c) and renewed between blocks
 * on long encodes.
 */

#include <hiredis/hiredis.h>

/* SET key owner NX PX ttl_ms. Returns the raw reply (caller frees):
 * STATUS "OK" when set, NIL when the key exists, ERROR or NULL on failure. */
redisReply *badge_lock_set(redisContext *c, const char *key,
                           const char *owner, int ttl_ms);

/* Same lock through a script: INTEGER 1 when set, INTEGER 0 when busy,
 * ERROR or NULL on failure. */
redisReply *badge_lock_script(redisContext *c, const char *key,
                              const char *owner, int ttl_ms);

/* Pushes the expiry of key to ttl_ms only if it still holds owner;
 * 1 when extended, 0 when the key is gone or owned by someone else. */
int badge_lock_extend(redisContext *c, const char *key, const char *owner,
                      int ttl_ms);

/* Deletes the key only if it still holds owner; 1 when deleted. */
int badge_unlock(redisContext *c, const char *key, const char *owner);

/* Printer work, defined elsewhere. */
int print_card(const char *queue, const char *badge_id);
int encode_chip(const char *badge_id);
int encode_chip_block(const char *badge_id, int block);

#endif
