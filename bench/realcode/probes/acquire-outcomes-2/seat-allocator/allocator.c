/*
 * Seat allocation for box-office and web orders.
 */
#include "seat_lock.h"

#include <stdio.h>
#include <syslog.h>

enum { ALLOC_OK = 0, ALLOC_BUSY = 1, ALLOC_ERR = -1 };

struct seat_request {
    const char *event;
    const char *section;
    const char *order_id;
    int count;
};

static int assign_seats(redisContext *c, const struct seat_request *rq)
{
    redisReply *r = redisCommand(c, "FCALL assign_seats 1 seats:%s:%s %s %d",
                                 rq->event, rq->section, rq->order_id, rq->count);
    int ok = r != NULL && r->type == REDIS_REPLY_INTEGER && r->integer == rq->count;
    if (r)
        freeReplyObject(r);
    return ok ? ALLOC_OK : ALLOC_ERR;
}

int allocate_seats(redisContext *c, const struct seat_request *rq)
{
    char token[SEAT_TOKEN_MAX];
    int status = SEAT_LOCK_ERR;

    seat_lock_try(c, rq->event, rq->section, token, sizeof token, &status);
    if (status < 0) {
        syslog(LOG_ERR, "allocate %s: lock error for %s/%s", rq->order_id, rq->event, rq->section);
        return ALLOC_ERR;
    }

    int rc = assign_seats(c, rq);
    seat_lock_release(c, rq->event, rq->section, token);
    return rc;
}

int allocate_block(redisContext *c, const struct seat_request *rq, int blocks)
{
    char token[SEAT_TOKEN_MAX];
    int status = SEAT_LOCK_ERR;
    int rc = ALLOC_OK;

    seat_lock_try(c, rq->event, rq->section, token, sizeof token, &status);
    if (status != SEAT_LOCK_HELD)
        return status == SEAT_LOCK_BUSY ? ALLOC_BUSY : ALLOC_ERR;

    for (int i = 0; i < blocks && rc == ALLOC_OK; i++) {
        rc = assign_seats(c, rq);
        if (seat_lock_extend(c, rq->event, rq->section, token, SEAT_LOCK_TTL_MS) != 0) {
            syslog(LOG_WARNING, "block %s: lost section lock after %d blocks", rq->order_id, i + 1);
            rc = ALLOC_ERR;
        }
    }
    seat_lock_release(c, rq->event, rq->section, token);
    return rc;
}

int vip_presale(redisContext *c, const struct seat_request *rq)
{
    char token[SEAT_TOKEN_MAX];
    int status = SEAT_LOCK_ERR;

    seat_lock_try_vip(c, rq->event, rq->section, token, sizeof token, &status);
    if (status != SEAT_LOCK_HELD)
        return ALLOC_ERR;

    int rc = assign_seats(c, rq);
    seat_lock_release(c, rq->event, rq->section, token);
    return rc;
}
