/*
 * Background sweeper: removes tombstoned entries and orphaned digests left
 * behind by deleted accounts.
 */
#include "compact_lock.h"

#include <stdio.h>
#include <string.h>

#define SLOG(...) do { fprintf(stderr, "[sweeper] " __VA_ARGS__); fputc('\n', stderr); } while (0)

static long sweep_pattern(redisContext *c, const char *fn, int batch)
{
    redisReply *r = redisCommand(c, "FCALL %s 0 %d", fn, batch);
    long n = (r && r->type == REDIS_REPLY_INTEGER) ? (long)r->integer : -1;
    if (r)
        freeReplyObject(r);
    return n;
}

int sweep_tombstones(redisContext *c, const compact_config *cfg)
{
    static const char key[] = "feed:sweep:tombstones";

    redisReply *reply = cl_try_set_simple(c, key, cfg->lock_ttl_ms);
    if (reply && reply->type == REDIS_REPLY_NIL) {
        SLOG("tombstone sweep running on another worker");
        freeReplyObject(reply);
        return 0;
    }
    if (reply)
        freeReplyObject(reply);

    long n = sweep_pattern(c, "feed_sweep_tombstones", cfg->batch);
    cl_release_simple(c, key);
    SLOG("removed %ld tombstones", n);
    return n < 0 ? -1 : 0;
}

int sweep_orphans(redisContext *c, const compact_config *cfg)
{
    static const char key[] = "feed:sweep:orphans";
    char token[CL_TOKEN_LEN + 1];

    if (cl_make_token(token, sizeof token) != 0)
        return -1;

    redisReply *reply = cl_try_set(c, key, token, cfg->lock_ttl_ms);
    int ours = reply != NULL && reply->type == REDIS_REPLY_STATUS && strcmp(reply->str, "OK") == 0;
    if (reply)
        freeReplyObject(reply);
    if (!ours) {
        SLOG("orphan sweep skipped (lock not obtained)");
        return 0;
    }

    long n = sweep_pattern(c, "feed_sweep_orphans", cfg->batch);
    cl_release(c, key, token);
    SLOG("removed %ld orphaned digests", n);
    return n < 0 ? -1 : 0;
}
