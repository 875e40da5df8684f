#include "rollup_lock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

/*
 * Sum every posting of a period into ledger:totals:<book>.  Postings are a
 * hash of posting-id -> signed amount in minor units.
 */
int rollup_period(redisContext *ledger, const rollup_config *cfg,
                  const char *period, long *rows_out)
{
    long long debit = 0, credit = 0;
    long rows = 0;
    char cursor[32] = "0";

    do {
        redisReply *r = redisCommand(ledger, "HSCAN ledger:%s:%s %s COUNT %d",
                                     cfg->book, period, cursor, cfg->batch_size);
        if (r == NULL || r->type != REDIS_REPLY_ARRAY || r->elements != 2) {
            if (r)
                freeReplyObject(r);
            return -1;
        }
        snprintf(cursor, sizeof cursor, "%s", r->element[0]->str);
        redisReply *kv = r->element[1];
        for (size_t i = 0; i + 1 < kv->elements; i += 2) {
            long long amount = strtoll(kv->element[i + 1]->str, NULL, 10);
            if (amount < 0)
                debit += -amount;
            else
                credit += amount;
            rows++;
        }
        freeReplyObject(r);
    } while (strcmp(cursor, "0") != 0);

    redisReply *w = redisCommand(ledger, "HSET ledger:totals:%s %s:debit %lld %s:credit %lld",
                                 cfg->book, period, debit, period, credit);
    if (w == NULL || w->type == REDIS_REPLY_ERROR) {
        if (w)
            freeReplyObject(w);
        return -1;
    }
    freeReplyObject(w);
    *rows_out = rows;
    return 0;
}

int run_hourly_rollup(redisContext *coord, redisContext *ledger,
                      const rollup_config *cfg, const char *hour)
{
    rl_lock lk;
    long rows = 0;

    if (rl_lock_init(&lk, coord, cfg->book, hour, cfg->lock_ttl_ms) != 0)
        return -1;

    switch (rl_lock_acquire(&lk)) {
    case RL_HELD:
        break;
    case RL_BUSY:
        syslog(LOG_INFO, "hourly rollup %s/%s owned by another node", cfg->book, hour);
        return 0;
    default:
        syslog(LOG_ERR, "hourly rollup %s/%s: lock store error, skipping", cfg->book, hour);
        return -1;
    }

    int rc = rollup_period(ledger, cfg, hour, &rows);
    rl_lock_release(&lk);
    if (rc == 0)
        syslog(LOG_INFO, "hourly rollup %s/%s: %ld postings", cfg->book, hour, rows);
    return rc;
}

int run_daily_rollup(redisContext *coord, redisContext *ledger,
                     const rollup_config *cfg, const char *day)
{
    rl_lock lk;
    long rows = 0, total = 0;
    char hour[32];

    if (rl_lock_init(&lk, coord, cfg->book, day, cfg->lock_ttl_ms) != 0)
        return -1;

    switch (rl_lock_acquire(&lk)) {
    case RL_BUSY:
        syslog(LOG_INFO, "daily rollup %s/%s already running elsewhere", cfg->book, day);
        return 0;
    case RL_ERROR:
        syslog(LOG_WARNING, "daily rollup %s/%s: coordination redis unavailable", cfg->book, day);
        /* fall through */
    case RL_HELD:
        break;
    }

    for (int h = 0; h < 24; h++) {
        snprintf(hour, sizeof hour, "%sT%02d", day, h);
        if (rollup_period(ledger, cfg, hour, &rows) != 0) {
            syslog(LOG_WARNING, "daily rollup: hour %s failed", hour);
            continue;
        }
        total += rows;
        if (rl_lock_extend(&lk) != 0)
            syslog(LOG_WARNING, "daily rollup %s: could not extend lock", day);
    }
    int rc = rollup_period(ledger, cfg, day, &rows);
    rl_lock_release(&lk);
    syslog(LOG_INFO, "daily rollup %s/%s: %ld postings", cfg->book, day, total);
    return rc;
}
