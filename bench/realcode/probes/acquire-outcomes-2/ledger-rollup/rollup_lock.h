/*
 * rollup_lock.h - coordination lock for ledger rollups.
 *
 * Every ledger node runs the rollup scheduler.  A (book, period) pair must be
 * rolled up by exactly one node at a time, otherwise the totals hash ends up
 * with a mix of partial sums.  The lock key lives in the coordination Redis,
 * which is a different instance from the ledger Redis.
 */
#ifndef LEDGER_ROLLUP_LOCK_H
#define LEDGER_ROLLUP_LOCK_H

#include <stddef.h>
#include <hiredis/hiredis.h>

#define RL_KEY_MAX   160
#define RL_TOKEN_LEN 32

typedef enum rl_status {
    RL_HELD = 0,   /* key is ours until ttl_ms elapses or we release it */
    RL_BUSY,       /* another node owns the key */
    RL_ERROR       /* no reply, or Redis answered with an error */
} rl_status;

typedef struct rl_lock {
    redisContext *ctx;
    char key[RL_KEY_MAX];
    char token[RL_TOKEN_LEN + 1];
    int ttl_ms;
} rl_lock;

typedef struct rollup_config {
    const char *book;
    int lock_ttl_ms;
    int max_lock_attempts;
    int lock_retry_ms;
    int batch_size;
} rollup_config;

int rl_lock_init(rl_lock *lk, redisContext *ctx, const char *book,
                 const char *period, int ttl_ms);
rl_status rl_lock_acquire(rl_lock *lk);
int rl_lock_extend(rl_lock *lk);
void rl_lock_release(rl_lock *lk);
const char *rl_status_name(rl_status st);

/* rollup_job.c */
int rollup_period(redisContext *ledger, const rollup_config *cfg,
                  const char *period, long *rows_out);
int run_hourly_rollup(redisContext *coord, redisContext *ledger,
                      const rollup_config *cfg, const char *hour);
int run_daily_rollup(redisContext *coord, redisContext *ledger,
                     const rollup_config *cfg, const char *day);

#endif /* LEDGER_ROLLUP_LOCK_H */
