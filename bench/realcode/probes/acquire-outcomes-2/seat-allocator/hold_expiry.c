/*
 * Expires unpaid seat holds.  Runs from a timer on every node.
 */
#include "seat_lock.h"

#include <stdio.h>
#include <syslog.h>
#include <unistd.h>

struct expiry_job {
    redisContext *c;
    const char *event;
    const char *section;
    long expired;
};

static long expire_holds_in(redisContext *c, const char *event, const char *section)
{
    redisReply *r = redisCommand(c, "FCALL expire_holds 1 holds:%s:%s", event, section);
    long n = (r != NULL && r->type == REDIS_REPLY_INTEGER) ? (long)r->integer : -1;
    if (r)
        freeReplyObject(r);
    return n;
}

static int expire_cb(void *arg, int held)
{
    struct expiry_job *job = arg;
    syslog(LOG_DEBUG, "expiring holds in %s/%s (held=%d)", job->event, job->section, held);
    job->expired = expire_holds_in(job->c, job->event, job->section);
    return job->expired < 0 ? -1 : 0;
}

static int release_abandoned_cb(void *arg, int held)
{
    struct expiry_job *job = arg;
    if (!held)
        return 1;
    redisReply *r = redisCommand(job->c, "FCALL release_abandoned 1 holds:%s:%s", job->event, job->section);
    job->expired = (r != NULL && r->type == REDIS_REPLY_INTEGER) ? (long)r->integer : -1;
    if (r)
        freeReplyObject(r);
    return 0;
}

int expire_section(redisContext *c, const char *event, const char *section)
{
    struct expiry_job job = { c, event, section, 0 };
    return seat_lock_run(c, event, section, expire_cb, &job);
}

int release_abandoned(redisContext *c, const char *event, const char *section)
{
    struct expiry_job job = { c, event, section, 0 };
    return seat_lock_run(c, event, section, release_abandoned_cb, &job);
}

int expire_section_blocking(redisContext *c, const char *event, const char *section)
{
    char token[SEAT_TOKEN_MAX];
    int status;

    for (;;) {
        seat_lock_try(c, event, section, token, sizeof token, &status);
        if (status == SEAT_LOCK_HELD)
            break;
        sleep(1);
    }
    long n = expire_holds_in(c, event, section);
    seat_lock_release(c, event, section, token);
    syslog(LOG_INFO, "expired %ld holds in %s/%s", n, event, section);
    return n < 0 ? -1 : 0;
}
