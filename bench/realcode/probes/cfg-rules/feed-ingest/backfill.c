#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "lease.h"

int backfill_day(redisContext *c, const char *feed, const char *day);

int backfill_window(redisContext *c, const char *feed, const char *day)
{
    char key[128], tok[40];
    snprintf(key, sizeof key, "backfill:%s:%s", feed, day);
    lease_token(tok, sizeof tok);
    const time_t deadline = time(NULL) + 60;
    int got;
    do {
        got = lease_try(c, key, tok, 120000);
        if (got != 1)
            sleep(2);
    } while (got != 1 && time(NULL) < deadline);
    if (got != 1)
        return -1;
    int rc = backfill_day(c, feed, day);
    return lease_drop(c, key, tok) ? rc : -1;
}

int backfill_rolling(redisContext *c, const char *feed, const char *day)
{
    char key[128], tok[40];
    snprintf(key, sizeof key, "backfill:%s:%s", feed, day);
    lease_token(tok, sizeof tok);
    for (;;) {
        time_t deadline = time(NULL) + 60;
        if (lease_try(c, key, tok, 120000) == 1)
            break;
        if (time(NULL) > deadline)
            return -1;
        sleep(2);
    }
    int rc = backfill_day(c, feed, day);
    return lease_drop(c, key, tok) ? rc : -1;
}

int backfill_claim(redisContext *c, const char *feed, const char *day)
{
    char key[128], tok[40];
    snprintf(key, sizeof key, "backfill:%s:%s", feed, day);
    lease_token(tok, sizeof tok);
    redisReply *r = redisCommand(c, "SET %s %s PX %d", key, tok, 120000);
    if (r == NULL)
        return -1;
    int ok = r->type == REDIS_REPLY_STATUS;
    freeReplyObject(r);
    if (!ok)
        return -1;
    int rc = backfill_day(c, feed, day);
    return lease_drop(c, key, tok) ? rc : -1;
}

int backfill_once(redisContext *c, const char *feed, const char *day)
{
    char key[128], tok[40];
    snprintf(key, sizeof key, "backfill:%s:%s", feed, day);
    lease_token(tok, sizeof tok);
    int got = lease_try(c, key, tok, 120000);
    if (got != 1)
        return got == 0 ? 0 : -1;
    int rc = backfill_day(c, feed, day);
    if (rc < 0)
        return rc;
    return lease_drop(c, key, tok) ? rc : -1;
}
