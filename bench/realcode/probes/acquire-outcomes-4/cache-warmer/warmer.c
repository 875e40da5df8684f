#include "warmer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "warm_lock.h"

struct warm_job {
    struct catalog *cat;
    char region[64];
    char token[WARM_TOKEN_LEN];
};

static struct warm_job *job_new(struct catalog *cat, const char *region)
{
    struct warm_job *job = calloc(1, sizeof(*job));

    if (job == NULL)
        return NULL;
    job->cat = cat;
    snprintf(job->region, sizeof(job->region), "%s", region);
    warm_lock_token(job->token, sizeof(job->token));
    return job;
}

static void on_region_locked(redisAsyncContext *ac, void *r, void *privdata)
{
    redisReply *reply = r;
    struct warm_job *job = privdata;

    if (reply == NULL || reply->type != REDIS_REPLY_STATUS) {
        /* another warmer has it, or the connection went away */
        free(job);
        return;
    }
    catalog_warm_region(job->cat, job->region);
    warm_lock_release(ac, job->region, job->token);
    free(job);
}

static void on_catalog_locked(redisAsyncContext *ac, void *r, void *privdata)
{
    struct warm_job *job = privdata;

    (void)r;
    catalog_warm_all(job->cat);
    warm_lock_release(ac, job->region, job->token);
    free(job);
}

static void on_tiles_locked(redisAsyncContext *ac, void *r, void *privdata)
{
    redisReply *reply = r;
    struct warm_job *job = privdata;

    if (reply == NULL || reply->type == REDIS_REPLY_NIL) {
        free(job);
        return;
    }
    catalog_warm_tiles(job->cat, job->region);
    warm_lock_release(ac, job->region, job->token);
    free(job);
}

int warmer_schedule_region(redisAsyncContext *ac, struct catalog *cat, const char *region)
{
    struct warm_job *job = job_new(cat, region);

    if (job == NULL)
        return -1;
    if (warm_lock_request(ac, region, job->token, 60000, on_region_locked, job) != REDIS_OK) {
        free(job);
        return -1;
    }
    return 0;
}

int warmer_schedule_full(redisAsyncContext *ac, struct catalog *cat)
{
    struct warm_job *job = job_new(cat, "all");

    if (job == NULL)
        return -1;
    if (warm_lock_request(ac, job->region, job->token, 300000, on_catalog_locked, job) !=
        REDIS_OK) {
        free(job);
        return -1;
    }
    return 0;
}

int warmer_schedule_tiles(redisAsyncContext *ac, struct catalog *cat, const char *region)
{
    struct warm_job *job = job_new(cat, region);
    char tile_region[80];

    if (job == NULL)
        return -1;
    snprintf(tile_region, sizeof(tile_region), "tiles:%s", region);
    snprintf(job->region, sizeof(job->region), "%s", tile_region);
    if (warm_lock_request(ac, job->region, job->token, 120000, on_tiles_locked, job) !=
        REDIS_OK) {
        free(job);
        return -1;
    }
    return 0;
}
