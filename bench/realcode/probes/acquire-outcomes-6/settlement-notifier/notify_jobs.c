#include "notify_lock.h"
#include "senders.h"

#include <stdio.h>

static void on_email_lock(redisAsyncContext *ac, void *r, void *priv)
{
    struct notify_job *job = priv;
    (void)ac;
    if (!notify_reply_granted(r))
        return;
    send_settlement_emails(job->channel);
    notify_lock_release(job);
}

static void on_sms_lock(redisAsyncContext *ac, void *r, void *priv)
{
    struct notify_job *job = priv;
    redisReply *reply = r;
    (void)ac;
    if (reply != NULL && reply->type != REDIS_REPLY_NIL) {
        send_settlement_sms(job->channel);
        notify_lock_release(job);
    }
}

static void start_push(struct notify_job *job)
{
    if (!job->held)
        return;
    send_push_notifications(job->channel);
    notify_lock_release(job);
}

static void on_push_lock(redisAsyncContext *ac, void *r, void *priv)
{
    struct notify_job *job = priv;
    (void)ac;
    job->held = notify_reply_granted(r);
    start_push(job);
}

static void on_webhook_lock(redisAsyncContext *ac, void *r, void *priv)
{
    struct notify_job *job = priv;
    (void)ac;
    if (!notify_reply_granted(r))
        fprintf(stderr, "webhook lock for %s not granted\n", job->channel);
}

static void on_digest_lock(redisAsyncContext *ac, void *r, void *priv)
{
    struct notify_job *job = priv;
    (void)ac;
    if (!notify_reply_granted(r)) {
        notify_lock_submit(job, on_digest_lock, 30000);
        return;
    }
    send_daily_digest(job->channel);
    notify_lock_release(job);
}

static void on_statement_lock(redisAsyncContext *ac, void *r, void *priv)
{
    struct notify_job *job = priv;
    (void)ac;
    if (!notify_reply_granted(r)) {
        if (++job->attempts < 5)
            notify_lock_submit(job, on_statement_lock, 30000);
        return;
    }
    send_statements(job->channel);
    notify_lock_release(job);
}

void notify_emails(struct notify_job *job) { notify_lock_submit(job, on_email_lock, 30000); }
void notify_sms(struct notify_job *job) { notify_lock_submit(job, on_sms_lock, 30000); }
void notify_push(struct notify_job *job) { notify_lock_submit(job, on_push_lock, 30000); }
void notify_digest(struct notify_job *job) { notify_lock_submit(job, on_digest_lock, 30000); }
void notify_statements(struct notify_job *job) { notify_lock_submit(job, on_statement_lock, 30000); }

void notify_webhooks(struct notify_job *job)
{
    if (notify_lock_submit(job, on_webhook_lock, 15000) == REDIS_OK) {
        send_settlement_webhooks(job->channel);
        notify_lock_release(job);
    }
}
