#ifndef REFUND_SWEEP_LOCK_H
#define REFUND_SWEEP_LOCK_H

#include <hiredis/hiredis.h>

/* Status bits returned by sweep_lock. */
#define SWEEP_HELD      0x01u /* owner holds the key after the call */
#define SWEEP_FRESH     0x02u /* ...taken by this call */
#define SWEEP_RENEWED   0x04u /* ...already ours; TTL pushed out */
#define SWEEP_CONTENDED 0x10u /* another owner holds the key */
#define SWEEP_ERR_IO    0x20u /* no reply or an error reply */

/* Takes the key or, when owner already holds it, extends it. */
unsigned sweep_lock(redisContext *c, const char *key, const char *owner, int ttl_ms);
void sweep_unlock(redisContext *c, const char *key, const char *owner);

#endif
