/*
 * seat_lock.h - per-section seat locks for the ticketing allocator.
 *
 * A section of a venue is locked while seats in it are being assigned, so
 * two box-office nodes never hand out the same seat.  Outcomes:
 *   SEAT_LOCK_HELD  (1)  lock obtained, token_out filled
 *   SEAT_LOCK_BUSY  (0)  another node holds the section
 *   SEAT_LOCK_ERR  (-1)  Redis failure; state unknown
 */
#ifndef SEAT_LOCK_H
#define SEAT_LOCK_H

#include <stddef.h>
#include <hiredis/hiredis.h>

#define SEAT_LOCK_HELD 1
#define SEAT_LOCK_BUSY 0
#define SEAT_LOCK_ERR (-1)

#define SEAT_TOKEN_MAX 48
#define SEAT_LOCK_TTL_MS 8000

void seat_lock_try(redisContext *c, const char *event, const char *section,
                   char *token_out, size_t token_len, int *status);

/* Presale path: VIP allocations pre-empt the regular queue. */
void seat_lock_try_vip(redisContext *c, const char *event, const char *section,
                       char *token_out, size_t token_len, int *status);

void seat_lock_release(redisContext *c, const char *event, const char *section,
                       const char *token);
int seat_lock_extend(redisContext *c, const char *event, const char *section,
                     const char *token, int ttl_ms);

/*
 * Try the lock and invoke fn with held = 1 or 0.  The lock (if taken) is
 * released after fn returns.  Returns fn's result, or -1 on Redis errors.
 */
typedef int (*seat_work_fn)(void *arg, int held);
int seat_lock_run(redisContext *c, const char *event, const char *section,
                  seat_work_fn fn, void *arg);

#endif
