/*
 * Month-end close. Two accounting workers may be asked to close the same
 * period; the Redis lock picks one.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "rlock.h"

#define CLOSE_ATTEMPTS 20

extern int fx_publish_rates(const char *day);

int close_period(redisContext *c, const char *period)
{
    char key[128], owner[33];
    redisReply *r;
    int attempt, got = 0;

    snprintf(key, sizeof key, "ledger:lock:period:%s", period);
    if (rl_make_owner(owner, sizeof owner) != 0)
        return -1;

    for (attempt = 0; attempt < CLOSE_ATTEMPTS; attempt++) {
        r = redisCommand(c, "SET %s %s NX PX %d", key, owner, LEDGER_LOCK_TTL_MS);
        if (r && r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0)
            got = 1;
        if (r)
            freeReplyObject(r);
        if (got)
            break;
        rl_msleep(250);
    }
    if (!got) {
        fprintf(stderr, "close_period %s: lock busy after %d tries\n", period, CLOSE_ATTEMPTS);
        return -1;
    }

    r = redisCommand(c, "HSET ledger:period:%s state closed", period);
    if (r)
        freeReplyObject(r);

    rl_release(c, key, owner);
    return 0;
}

int reopen_period(redisContext *c, const char *period, const char *reason)
{
    char key[128], owner[33];
    redisReply *r;
    int rc;

    snprintf(key, sizeof key, "ledger:lock:period:%s", period);
    if (rl_make_owner(owner, sizeof owner) != 0)
        return -1;

    for (;;) {
        r = redisCommand(c, "SET %s %s NX PX %d", key, owner, LEDGER_LOCK_TTL_MS);
        if (r != NULL && r->type == REDIS_REPLY_STATUS && strcmp(r->str, "OK") == 0) {
            freeReplyObject(r);
            break;
        }
        if (r)
            freeReplyObject(r);
        rl_msleep(500);
    }

    rc = rl_hset_if_owner(c, key, owner, "ledger:period:reopen", period, reason);
    rl_release(c, key, owner);
    return rc == 1 ? 0 : -1;
}

int rollover_fx_rates(redisContext *c, const char *day)
{
    redisReply *r;
    int ok;

    r = redisCommand(c, "SET ledger:lock:fx locked NX EX 60");
    ok = r && r->type == REDIS_REPLY_STATUS && strcasecmp(r->str, "OK") == 0;
    if (r)
        freeReplyObject(r);
    if (!ok)
        return 1;

    fx_publish_rates(day);

    r = redisCommand(c, "DEL ledger:lock:fx");
    if (r)
        freeReplyObject(r);
    return 0;
}
