#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlock.h"
#include "jobs.h"

#define ROLLUP_TTL_MS      30000
#define EXTEND_EVERY_ROWS  5000

/*
 * Write a field only while KEYS[1] still carries our token; the check and
 * the write happen in one script so a lapsed holder cannot sneak a write in.
 */
static const char GUARDED_HSET_LUA[] =
    "if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end "
    "redis.call('hset', KEYS[2], ARGV[2], ARGV[3]) "
    "return 1";

int rollup_hourly(redisContext *rc, long hour)
{
    struct dlock lk;
    char src[96], dst[96];
    redisReply *r;
    long total = 0;
    size_t i;

    if (dlock_init(&lk, rc, "hourly", ROLLUP_TTL_MS) != 0)
        return -1;
    if (dlock_acquire(&lk) != 1)
        return 0;

    snprintf(src, sizeof src, "events:%ld", hour);
    snprintf(dst, sizeof dst, "rollup:hourly:%ld", hour);

    r = redisCommand(rc, "LRANGE %s 0 -1", src);
    if (r == NULL || r->type != REDIS_REPLY_ARRAY) {
        fprintf(stderr, "rollup_hourly: cannot read %s\n", src);
        if (r != NULL)
            freeReplyObject(r);
        return -1;
    }

    for (i = 0; i < r->elements; i++) {
        total += strtol(r->element[i]->str, NULL, 10);
        if (i > 0 && i % EXTEND_EVERY_ROWS == 0)
            dlock_extend(&lk);
    }
    freeReplyObject(r);

    sink_write_hourly(dst, total);
    dlock_release(&lk);
    return 1;
}

int rollup_daily(redisContext *rc, long day)
{
    struct dlock lk;
    char dst[96], field[32], val[32];
    redisReply *r = NULL;
    long sum = 0;
    int rc_out = -1;
    int h;

    if (dlock_init(&lk, rc, "daily", ROLLUP_TTL_MS) != 0)
        return -1;
    switch (dlock_acquire(&lk)) {
    case 1:
        break;
    case 0:
        return 0;
    default:
        return -1;
    }

    for (h = 0; h < 24; h++) {
        r = redisCommand(rc, "HGET rollup:hourly:%ld total", day * 24 + h);
        if (r == NULL)
            goto out;
        if (r->type == REDIS_REPLY_STRING)
            sum += strtol(r->str, NULL, 10);
        freeReplyObject(r);
        r = NULL;
    }

    snprintf(dst, sizeof dst, "rollup:daily:%ld", day);
    snprintf(field, sizeof field, "total");
    snprintf(val, sizeof val, "%ld", sum);

    r = redisCommand(rc, "EVAL %s 2 %s %s %s %s %s",
                     GUARDED_HSET_LUA, lk.key, dst, lk.token, field, val);
    if (r != NULL && r->type == REDIS_REPLY_INTEGER && r->integer == 1)
        rc_out = 1;
    else
        fprintf(stderr, "rollup_daily: lost the lock before writing %s\n", dst);

out:
    if (r != NULL)
        freeReplyObject(r);
    dlock_release(&lk);
    return rc_out;
}
