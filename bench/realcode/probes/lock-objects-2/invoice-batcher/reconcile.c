#include "billing.h"
#include "dl.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

int reconcile_account(redisContext *c, const char *account_id)
{
    dl_lock *lk = dl_new(c, account_id, 20000);
    redisReply *r;
    long long balance = 0;

    if (lk == NULL)
        return -1;
    while (dl_acquire(lk) != 1)
        usleep(200 * 1000);

    r = redisCommand(c, "HGET account:%s balance", account_id);
    if (r != NULL && r->type == REDIS_REPLY_STRING)
        balance = strtoll(r->str, NULL, 10);
    if (r != NULL)
        freeReplyObject(r);
    syslog(LOG_INFO, "reconcile %s balance=%lld", account_id, balance);

    dl_release(lk);
    dl_free(lk);
    return 0;
}

int reconcile_export(redisContext *c, const struct billing_cfg *cfg)
{
    char path[512];
    dl_lock *lk;
    redisReply *r;
    FILE *out;
    size_t i;

    lk = dl_new(c, "export", cfg->lock_ttl_ms);
    if (lk == NULL)
        return -1;
    if (dl_acquire(lk) != 1) {
        dl_free(lk);
        return 0;
    }

    snprintf(path, sizeof(path), "%s/reconcile-%s.csv", cfg->export_dir, cfg->period);
    out = fopen(path, "w");
    if (out == NULL) {
        syslog(LOG_ERR, "export: %s: %s", path, strerror(errno));
        return -1;
    }

    r = redisCommand(c, "SMEMBERS invoices:closed:%s", cfg->period);
    if (r != NULL && r->type == REDIS_REPLY_ARRAY) {
        for (i = 0; i < r->elements; i++)
            fprintf(out, "%s\n", r->element[i]->str);
    }
    if (r != NULL)
        freeReplyObject(r);
    fclose(out);

    dl_release(lk);
    dl_free(lk);
    return 0;
}
