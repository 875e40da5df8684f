/*
 * Settlement of individual journal batches against the clearing house.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "rlock.h"

extern int clearing_submit(const char *batch_id);

int settle_batch(redisContext *c, const char *batch_id)
{
    char key[128], owner[33];
    redisReply *reply;
    int rc;

    snprintf(key, sizeof key, "ledger:lock:batch:%s", batch_id);
    if (rl_make_owner(owner, sizeof owner) != 0)
        return -1;

    reply = redisCommand(c, "SET %s %s NX PX %d", key, owner, LEDGER_LOCK_TTL_MS);
    if (reply == NULL)
        return -1;
    if (reply->type == REDIS_REPLY_STATUS && strcasecmp(reply->str, "OK") != 0) {
        freeReplyObject(reply);
        return 1; /* someone else is settling it */
    }
    freeReplyObject(reply);

    rc = clearing_submit(batch_id);
    rl_release(c, key, owner);
    return rc;
}

int settle_one(redisContext *c, const char *batch_id)
{
    char key[128], owner[33];
    redisReply *reply;
    int rc = 1;

    snprintf(key, sizeof key, "ledger:lock:batch:%s", batch_id);
    if (rl_make_owner(owner, sizeof owner) != 0)
        return -1;

    reply = redisCommand(c, "SET %s %s NX PX %d", key, owner, LEDGER_LOCK_TTL_MS);
    if (reply && reply->str && strcasecmp(reply->str, "ok") == 0) {
        rc = clearing_submit(batch_id);
        if (rc == 0)
            rl_hset_if_owner(c, key, owner, "ledger:batch:state", batch_id, "settled");
        rl_release(c, key, owner);
    }
    if (reply)
        freeReplyObject(reply);
    return rc;
}
