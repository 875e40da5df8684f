#ifndef LEDGER_RLOCK_H
#define LEDGER_RLOCK_H

#include <stddef.h>
#include <hiredis/hiredis.h>

#define LEDGER_LOCK_TTL_MS 20000

/* Writes a random 32-char hex owner id into buf (needs 33 bytes). */
int rl_make_owner(char *buf, size_t len);

/* Token-checked release. Returns 1 if our key was deleted, 0 if not ours,
 * -1 on transport error. */
int rl_release(redisContext *c, const char *key, const char *owner);

/* Writes `value` into field `field` of hash `hkey` only while `lock_key`
 * still holds `owner`. Returns 1 on write, 0 if the lock was lost. */
int rl_hset_if_owner(redisContext *c, const char *lock_key, const char *owner,
                     const char *hkey, const char *field, const char *value);

void rl_msleep(unsigned ms);

#endif
