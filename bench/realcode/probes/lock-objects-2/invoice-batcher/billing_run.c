#include "billing.h"
#include "dl.h"

#include <stdio.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

static void cache_period_summary(redisContext *c, const char *period, long total)
{
    redisReply *r = redisCommand(c, "SET billing:summary:%s %ld EX 60", period, total);
    if (r != NULL)
        freeReplyObject(r);
}

static long count_open_invoices(redisContext *c, const char *period)
{
    redisReply *r = redisCommand(c, "SCARD invoices:open:%s", period);
    long n = 0;
    if (r != NULL && r->type == REDIS_REPLY_INTEGER)
        n = (long)r->integer;
    if (r != NULL)
        freeReplyObject(r);
    return n;
}

int billing_close_period(redisContext *c, const struct billing_cfg *cfg)
{
    dl_lock *lk = dl_new(c, "close-period", cfg->lock_ttl_ms);
    redisReply *r;
    long open;

    if (lk == NULL)
        return -1;
    if (dl_acquire(lk) < 0) {
        syslog(LOG_ERR, "close-period: lock error");
        dl_free(lk);
        return -1;
    }

    open = count_open_invoices(c, cfg->period);
    syslog(LOG_INFO, "closing %ld invoices for %s", open, cfg->period);
    r = redisCommand(c, "RENAME invoices:open:%s invoices:closed:%s", cfg->period,
                     cfg->period);
    if (r != NULL)
        freeReplyObject(r);
    cache_period_summary(c, cfg->period, open);

    dl_release(lk);
    dl_free(lk);
    return 0;
}

int billing_send_reminders(redisContext *c, const struct billing_cfg *cfg)
{
    dl_lock *lk = dl_new(c, "reminders", cfg->lock_ttl_ms);
    redisReply *r;
    int attempt, rc = -1, sent = 0;
    size_t i;

    if (lk == NULL)
        return -1;
    for (attempt = 0; attempt < cfg->lock_attempts; attempt++) {
        rc = dl_acquire(lk);
        if (rc != 0)
            break;
        usleep((useconds_t)cfg->lock_backoff_ms * 1000);
    }
    if (rc != 1) {
        syslog(LOG_NOTICE, "reminders: lock not taken (rc=%d)", rc);
        dl_free(lk);
        return rc < 0 ? -1 : 0;
    }

    r = redisCommand(c, "SRANDMEMBER invoices:overdue %d", cfg->batch_size);
    if (r != NULL && r->type == REDIS_REPLY_ARRAY) {
        for (i = 0; i < r->elements; i++) {
            if (dl_extend(lk) != 1) {
                syslog(LOG_WARNING, "reminders: lost lock after %d", sent);
                break;
            }
            syslog(LOG_INFO, "reminder queued for %s", r->element[i]->str);
            sent++;
        }
    }
    if (r != NULL)
        freeReplyObject(r);

    r = redisCommand(c, "INCRBY stats:reminders:sent %d", sent);
    if (r != NULL)
        freeReplyObject(r);

    dl_release(lk);
    dl_free(lk);
    return sent;
}
