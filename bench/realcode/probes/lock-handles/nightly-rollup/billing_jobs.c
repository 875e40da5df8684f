#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlock.h"
#include "jobs.h"

/*
 * Monthly maintenance fee.  The lock makes sure two workers do not both
 * charge the same account in the same run.
 */
int apply_monthly_fee(redisContext *rc, const char *account, long fee_cents)
{
    struct dlock lk;
    char lockname[80];
    redisReply *r;
    long balance;

    snprintf(lockname, sizeof lockname, "fee:%s", account);
    if (dlock_init(&lk, rc, lockname, 10000) != 0)
        return -1;
    if (dlock_acquire(&lk) != 1)
        return 0;

    r = redisCommand(rc, "GET balance:%s", account);
    if (r == NULL) {
        dlock_release(&lk);
        return -1;
    }
    balance = (r->type == REDIS_REPLY_STRING) ? strtol(r->str, NULL, 10) : 0;
    freeReplyObject(r);

    balance -= fee_cents;

    r = redisCommand(rc, "SET balance:%s %ld", account, balance);
    if (r != NULL)
        freeReplyObject(r);

    dlock_release(&lk);
    return 1;
}

/* Dump current balances to a CSV for the finance team. */
int export_balances(redisContext *rc, const char *path, const char **accounts, size_t n)
{
    struct dlock lk;
    FILE *fp;
    size_t i;

    if (dlock_init(&lk, rc, "export", 60000) != 0)
        return -1;
    dlock_acquire(&lk);

    fp = fopen(path, "w");
    if (fp == NULL) {
        dlock_release(&lk);
        return -1;
    }
    for (i = 0; i < n; i++) {
        redisReply *r = redisCommand(rc, "GET balance:%s", accounts[i]);
        if (r != NULL && r->type == REDIS_REPLY_STRING)
            fprintf(fp, "%s,%s\n", accounts[i], r->str);
        if (r != NULL)
            freeReplyObject(r);
    }
    fclose(fp);

    dlock_release(&lk);
    return 0;
}
