#define _DEFAULT_SOURCE
#include <stdio.h>
#include <unistd.h>

#include "ledger.h"
#include "rlock.h"

#define SWEEP_ATTEMPTS   20
#define SWEEP_BACKOFF_US 250000

int sweep_expired_holds(redisContext *rc, long now_epoch)
{
    rlock_t *lock = rlock_new(rc, "sweeper", 60);
    redisReply *holds;
    int attempt, got = 0;
    size_t i;

    if (lock == NULL)
        return -1;

    for (attempt = 0; attempt < SWEEP_ATTEMPTS; attempt++) {
        if (rlock_try(lock)) {
            got = 1;
            break;
        }
        usleep(SWEEP_BACKOFF_US);
    }
    if (!got) {
        fprintf(stderr, "sweeper: %s busy, skipping this cycle\n", rlock_key(lock));
        rlock_free(lock);
        return 0;
    }

    holds = redisCommand(rc, "ZRANGEBYSCORE holds:expiry -inf %ld", now_epoch);
    if (holds != NULL && holds->type == REDIS_REPLY_ARRAY) {
        for (i = 0; i < holds->elements; i++)
            ledger_post_release(holds->element[i]->str);
    }
    if (holds != NULL)
        freeReplyObject(holds);

    rlock_free(lock);
    return 1;
}
