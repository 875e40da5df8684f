#include "keyfmt.h"
#include "rlock.h"

#include <stdio.h>

/* Every cron replica calls this at the top of the hour; the first one bills. */
int bill_period(redisContext *c, const char *period, int (*charge_all)(const char *period))
{
    char key[128];
    char stat[128];
    struct rlock l;

    rlock_init(&l, c, keyf(key, sizeof key, "lock:billing:%s", period), "billing-cron", 10 * 60 * 1000);
    if (!rlock_try(&l))
        return 0;

    int charged = charge_all(period);

    redisReply *r = redisCommand(c, "SET %s %d EX 86400",
                                 keyf(stat, sizeof stat, "stats:billed:%s", period), charged);
    if (r)
        freeReplyObject(r);

    rlock_release(&l);
    fprintf(stderr, "billing %s: %d charged\n", period, charged);
    return charged;
}
