/*
 * Webhook relay worker. Each endpoint is delivered by exactly one relay node
 * at a time; ownership is decided by a Redis key set from the event loop.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "relay.h"

static void on_deliver_lock(redisAsyncContext *ac, void *r, void *privdata)
{
    redisReply *reply = r;
    relay_job *job = privdata;

    (void)ac;
    if (reply && reply->type == REDIS_REPLY_STATUS && strcmp(reply->str, "OK") == 0) {
        deliver_pending(job);
        relay_unlock_async(job);
    }
    job_done(job);
}

int start_delivery(redisAsyncContext *ac, relay_job *job)
{
    snprintf(job->lock_key, sizeof job->lock_key, "relay:lock:%s", job->endpoint);
    job->ac = ac;
    return relay_lock_async(ac, job, on_deliver_lock);
}

static void on_drain_lock(redisAsyncContext *ac, void *r, void *privdata)
{
    redisReply *reply = r;
    relay_job *job = privdata;

    (void)ac;
    if (reply == NULL || reply->type == REDIS_REPLY_ERROR) {
        fprintf(stderr, "drain %s: lock error\n", job->endpoint);
        job_done(job);
        return;
    }
    drain_dead_letters(job);
    relay_unlock_async(job);
    job_done(job);
}

int start_drain(redisAsyncContext *ac, relay_job *job)
{
    snprintf(job->lock_key, sizeof job->lock_key, "relay:drain:%s", job->endpoint);
    job->ac = ac;
    relay_new_owner(job->owner, sizeof job->owner);
    return redisAsyncCommand(ac, on_drain_lock, job, "SET %s %s NX PX %d", job->lock_key, job->owner, RELAY_LOCK_TTL_MS);
}

void schedule_retry(redisAsyncContext *ac, relay_batch *b, const char *owner)
{
    redisAsyncCommand(ac, NULL, NULL, "SET relay:retry:%s %s NX PX %d", b->queue, owner, RELAY_LOCK_TTL_MS);
    retry_batch(b);
}

static void on_cursor_lock(redisAsyncContext *ac, void *r, void *privdata)
{
    redisReply *reply = r;
    relay_job *job = privdata;

    if (reply == NULL || reply->type != REDIS_REPLY_STATUS || strcasecmp(reply->str, "OK") != 0) {
        job_done(job);
        return;
    }
    redisAsyncCommand(ac, NULL, NULL, "SET relay:cursor:%s %lld", job->endpoint, job->cursor);
    relay_unlock_async(job);
    job_done(job);
}

int advance_cursor(redisAsyncContext *ac, relay_job *job)
{
    snprintf(job->lock_key, sizeof job->lock_key, "relay:lock:%s", job->endpoint);
    job->ac = ac;
    return relay_lock_async(ac, job, on_cursor_lock);
}

static void on_claim_lock(redisAsyncContext *ac, void *r, void *privdata)
{
    redisReply *reply = r;
    relay_job *job = privdata;

    (void)ac;
    if (reply != NULL && reply->type == REDIS_REPLY_STATUS && strcmp(reply->str, "OK") == 0) {
        deliver_pending(job);
        relay_unlock_async(job);
    }
    job_done(job);
}

/* Used after a node restart to pick up endpoints it was delivering before. */
int reclaim_endpoint(redisAsyncContext *ac, relay_job *job)
{
    snprintf(job->lock_key, sizeof job->lock_key, "relay:lock:%s", job->endpoint);
    job->ac = ac;
    relay_new_owner(job->owner, sizeof job->owner);
    return redisAsyncCommand(ac, on_claim_lock, job, "SET %s %s PX %d", job->lock_key, job->owner, RELAY_LOCK_TTL_MS);
}
