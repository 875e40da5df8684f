#include "take.h"

void send_emails(const char *channel);
void send_webhooks(const char *channel);

static void on_email(redisAsyncContext *ac, void *r, void *priv)
{
    struct job *job = priv;
    (void)ac;
    if (!take_granted(r))
        return;
    send_emails(job->channel);
}

static void on_anything(redisAsyncContext *ac, void *r, void *priv)
{
    struct job *job = priv;
    (void)ac;
    (void)r;
    send_emails(job->channel);
}

void notify_checked(struct job *job) { take_submit(job, on_email, 30000); }
void notify_blind(struct job *job) { take_submit(job, on_anything, 30000); }

void notify_webhooks(struct job *job)
{
    if (take_submit(job, on_email, 15000) == REDIS_OK)
        send_webhooks(job->channel);
}
