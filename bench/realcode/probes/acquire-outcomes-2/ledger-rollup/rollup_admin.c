/*
 * Operator entry points (invoked from the admin RPC handler): forced
 * rebuilds, backfills of missing periods and month-end close.
 */
#define _GNU_SOURCE
#include "rollup_lock.h"

#include <stdio.h>
#include <syslog.h>
#include <unistd.h>

int rollup_force_rebuild(redisContext *coord, redisContext *ledger,
                         const rollup_config *cfg, const char *period)
{
    rl_lock lk;
    long rows = 0;

    if (rl_lock_init(&lk, coord, cfg->book, period, cfg->lock_ttl_ms) != 0)
        return -1;

    syslog(LOG_NOTICE, "rebuild of %s/%s requested, waiting for rollup lock",
           cfg->book, period);
    while (rl_lock_acquire(&lk) != RL_HELD)
        usleep((useconds_t)cfg->lock_retry_ms * 1000);

    redisReply *d = redisCommand(ledger, "HDEL ledger:totals:%s %s:debit %s:credit",
                                 cfg->book, period, period);
    if (d)
        freeReplyObject(d);
    int rc = rollup_period(ledger, cfg, period, &rows);
    rl_lock_release(&lk);
    syslog(LOG_NOTICE, "rebuild of %s/%s done rc=%d rows=%ld", cfg->book, period, rc, rows);
    return rc;
}

int rollup_backfill(redisContext *coord, redisContext *ledger,
                    const rollup_config *cfg, const char *const *periods, size_t n)
{
    int failures = 0;

    for (size_t i = 0; i < n; i++) {
        rl_lock lk;
        long rows = 0;

        if (rl_lock_init(&lk, coord, cfg->book, periods[i], cfg->lock_ttl_ms) != 0) {
            failures++;
            continue;
        }
        rl_status st = rl_lock_acquire(&lk);
        switch (st) {
        case RL_BUSY:
            syslog(LOG_INFO, "backfill: %s/%s in progress elsewhere", cfg->book, periods[i]);
            continue;
        default:
            syslog(LOG_WARNING, "backfill: lock for %s/%s returned %s",
                   cfg->book, periods[i], rl_status_name(st));
            /* fall through */
        case RL_HELD:
            if (rollup_period(ledger, cfg, periods[i], &rows) != 0)
                failures++;
            rl_lock_release(&lk);
            break;
        }
    }
    return failures;
}

int rollup_close_month(redisContext *coord, redisContext *ledger,
                       const rollup_config *cfg, const char *month)
{
    rl_lock lk;
    rl_status st = RL_ERROR;
    long rows = 0;

    if (rl_lock_init(&lk, coord, cfg->book, month, cfg->lock_ttl_ms) != 0)
        return -1;

    for (int attempt = 1; attempt <= cfg->max_lock_attempts; attempt++) {
        st = rl_lock_acquire(&lk);
        if (st == RL_HELD || st == RL_ERROR)
            break;
        usleep((useconds_t)cfg->lock_retry_ms * 1000);
    }
    if (st != RL_HELD) {
        syslog(LOG_WARNING, "month close %s/%s: lock %s after %d attempts",
               cfg->book, month, rl_status_name(st), cfg->max_lock_attempts);
        return st == RL_BUSY ? 1 : -1;
    }

    int rc = rollup_period(ledger, cfg, month, &rows);
    if (rc == 0) {
        redisReply *r = redisCommand(ledger, "SADD ledger:closed:%s %s", cfg->book, month);
        if (r)
            freeReplyObject(r);
    }
    rl_lock_release(&lk);
    return rc;
}
