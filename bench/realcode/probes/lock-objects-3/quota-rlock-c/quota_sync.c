/*
 * quota_sync.c - copies per-tenant API quotas from the billing export into
 * Redis (quota:<tenant> hashes) where the gateways read them.
 *
 * Runs on every gateway host from cron; the lock keeps two hosts from
 * rewriting the hashes at the same time.
 */
#include "rconn.h"
#include "rlock.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct quota_row {
    char tenant[64];
    long rps;
    long daily;
};

static int load_quota_file(const char *path, struct quota_row *rows, int max)
{
    FILE *fp = fopen(path, "r");
    int n = 0;

    if (fp == NULL)
        return -1;
    while (n < max && fscanf(fp, "%63s %ld %ld", rows[n].tenant, &rows[n].rps,
                             &rows[n].daily) == 3)
        n++;
    fclose(fp);
    return n;
}

int quota_sync(redisContext *c, const char *export_path)
{
    static struct quota_row rows[4096];
    struct rlock lk;
    int i, n, written = 0;

    if (rlock_init(&lk, c, "quota-sync", "quota-sync-worker", 15000) != 0)
        return -1;
    if (rlock_try(&lk) != 1)
        return 0;

    n = load_quota_file(export_path, rows, 4096);
    for (i = 0; i < n; i++) {
        redisReply *r = rc_cmd(c, "HSET quota:%s rps %ld daily %ld", rows[i].tenant,
                               rows[i].rps, rows[i].daily);
        if (r != NULL) {
            written++;
            freeReplyObject(r);
        }
    }

    rlock_release(&lk);
    return n < 0 ? -1 : written;
}

/* Resets every tenant's daily counter at midnight UTC. */
int quota_reset_daily(redisContext *c, const char **tenants, int ntenants)
{
    struct rlock lk;
    int i, attempt, rv = 0;

    if (rlock_init(&lk, c, "quota-reset", NULL, 30000) != 0)
        return -1;
    for (attempt = 0; attempt < 3; attempt++) {
        rv = rlock_try(&lk);
        if (rv != 0)
            break;
        usleep(200 * 1000);
    }
    if (rv != 1)
        return rv;

    for (i = 0; i < ntenants; i++)
        rc_cmd_int(c, "DEL quota:used:%s", tenants[i]);

    rlock_release(&lk);
    return ntenants;
}
