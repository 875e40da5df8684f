/*
 * Feed compaction: folds per-user activity streams into daily digests.
 * Runs on every feed worker; each partition is compacted by one worker.
 */
#define _GNU_SOURCE
#include "compact_lock.h"

#include <stdio.h>
#include <strings.h>
#include <unistd.h>

#define CLOG(...) do { fprintf(stderr, "[compactor] " __VA_ARGS__); fputc('\n', stderr); } while (0)

long compact_range(redisContext *c, const char *feed, int batch)
{
    redisReply *r = redisCommand(c, "FCALL feed_compact 1 %s %d", feed, batch);
    long n = -1;
    if (r != NULL && r->type == REDIS_REPLY_INTEGER)
        n = (long)r->integer;
    if (r)
        freeReplyObject(r);
    return n;
}

int compact_partition(redisContext *c, const compact_config *cfg, int part)
{
    char key[64], feed[64], token[CL_TOKEN_LEN + 1];
    int held = 0;

    snprintf(key, sizeof key, "feed:compact:lock:%d", part);
    snprintf(feed, sizeof feed, "feed:p%d", part);
    if (cl_make_token(token, sizeof token) != 0)
        return -1;

    for (int attempt = 0; attempt < cfg->max_attempts; attempt++) {
        redisReply *reply = cl_try_set(c, key, token, cfg->lock_ttl_ms);
        if (reply && reply->type == REDIS_REPLY_STATUS && strcasecmp(reply->str, "OK") == 0) {
            held = 1;
            freeReplyObject(reply);
            break;
        }
        if (reply)
            freeReplyObject(reply);
        usleep((useconds_t)(cfg->backoff_ms * (attempt + 1)) * 1000);
    }
    if (!held) {
        CLOG("partition %d busy after %d attempts", part, cfg->max_attempts);
        return 1;
    }

    long n = compact_range(c, feed, cfg->batch);
    cl_release(c, key, token);
    CLOG("partition %d: compacted %ld entries", part, n);
    return n < 0 ? -1 : 0;
}

int compact_all(redisContext *c, const compact_config *cfg)
{
    static const char key[] = "feed:compact:lock:all";
    char token[CL_TOKEN_LEN + 1];
    redisReply *reply;

    if (cl_make_token(token, sizeof token) != 0)
        return -1;

    while ((reply = cl_try_set(c, key, token, cfg->lock_ttl_ms)) == NULL ||
           reply->type != REDIS_REPLY_STATUS || strcasecmp(reply->str, "OK") != 0) {
        if (reply)
            freeReplyObject(reply);
        usleep(200 * 1000);
    }
    freeReplyObject(reply);

    long n = compact_range(c, "feed:*", cfg->batch);
    cl_release(c, key, token);
    return n < 0 ? -1 : 0;
}

int compact_hot_feeds(redisContext *c, const compact_config *cfg)
{
    static const char key[] = "feed:compact:lock:hot";
    char token[CL_TOKEN_LEN + 1];

    if (cl_make_token(token, sizeof token) != 0)
        return -1;

    redisReply *reply = cl_try_set(c, key, token, cfg->lock_ttl_ms);
    if (reply == NULL || reply->type == REDIS_REPLY_ERROR) {
        CLOG("hot feeds: lock error: %s", reply ? reply->str : c->errstr);
        if (reply)
            freeReplyObject(reply);
        return -1;
    }
    freeReplyObject(reply);

    long n = compact_range(c, "feed:hot", cfg->batch);
    cl_release(c, key, token);
    return n < 0 ? -1 : 0;
}
