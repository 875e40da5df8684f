#ifndef RELAY_H
#define RELAY_H

#include <hiredis/hiredis.h>
#include <hiredis/async.h>

#define RELAY_LOCK_TTL_MS 10000

typedef struct relay_job {
    redisAsyncContext *ac;
    char endpoint[128];
    char lock_key[160];
    char owner[40];
    long long cursor;
} relay_job;

typedef struct relay_batch {
    redisAsyncContext *ac;
    char queue[64];
    int size;
} relay_batch;

/* lock_async.c */
void relay_new_owner(char *out, size_t len);
int relay_lock_async(redisAsyncContext *ac, relay_job *job, redisCallbackFn *cb);
void relay_unlock_async(relay_job *job);

/* delivery side, elsewhere */
void deliver_pending(relay_job *job);
void drain_dead_letters(relay_job *job);
void retry_batch(relay_batch *b);
void job_done(relay_job *job);

#endif
