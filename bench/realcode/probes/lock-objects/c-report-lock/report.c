#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "lock.h"

static long load_rows(redisContext *c, const char *day)
{
    redisReply *r = redisCommand(c, "LLEN events:%s", day);
    long n = -1;
    if (r != NULL) {
        if (r->type == REDIS_REPLY_INTEGER)
            n = (long)r->integer;
        freeReplyObject(r);
    }
    return n;
}

static int write_summary(redisContext *c, const char *day, long rows)
{
    redisReply *r = redisCommand(c, "HSET report:%s rows %ld", day, rows);
    if (r == NULL)
        return -1;
    freeReplyObject(r);
    return 0;
}

int run_daily_report(redisContext *c, const char *day)
{
    struct lock_handle h;
    int attempt, rc;
    long rows;

    if (lock_init(&h, c, "daily-report") != 0)
        return -1;

    for (attempt = 0; attempt < 5; attempt++) {
        rc = lock_acquire(&h, 300);
        if (rc == 0)
            break;
        if (rc < 0)
            return -1;
        sleep(2);
    }
    if (attempt == 5)
        return 1;

    rows = load_rows(c, day);
    if (rows < 0)
        return -1;

    rc = write_summary(c, day, rows);
    lock_release(&h);
    return rc;
}

int run_weekly_rollup(redisContext *c, const char *week)
{
    struct lock_handle h;
    int rc = -1;
    long rows;

    if (lock_init(&h, c, "weekly-rollup") != 0)
        return -1;
    if (lock_acquire(&h, 600) != 0)
        return 1;

    rows = load_rows(c, week);
    if (rows < 0)
        goto out;
    if (write_summary(c, week, rows) != 0)
        goto out;
    rc = 0;
out:
    lock_release(&h);
    return rc;
}
