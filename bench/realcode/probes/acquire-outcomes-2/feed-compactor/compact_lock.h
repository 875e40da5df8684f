/*
 * compact_lock.h - thin helpers for the feed compaction locks.
 *
 * The helpers issue the SET and hand the raw reply back; callers decide what
 * a reply means.  Reply conventions for SET ... NX:
 *   status "OK"       -> key was set, we own the lock
 *   nil               -> key already existed, somebody else owns it
 *   error / NULL      -> we don't know; treat as not owned
 * Callers own the returned reply and must freeReplyObject() it.
 */
#ifndef FEED_COMPACT_LOCK_H
#define FEED_COMPACT_LOCK_H

#include <stddef.h>
#include <hiredis/hiredis.h>

#define CL_TOKEN_LEN 32

typedef struct compact_config {
    int lock_ttl_ms;
    int max_attempts;
    int backoff_ms;
    int batch;
} compact_config;

int cl_make_token(char *out, size_t len);

/* SET key token NX PX ttl */
redisReply *cl_try_set(redisContext *c, const char *key, const char *token, int ttl_ms);
/* compare-and-delete; returns 1 if deleted, 0 if not ours, -1 on error */
int cl_release(redisContext *c, const char *key, const char *token);

/* Lightweight variant for the sweeper, which has no per-run state. */
redisReply *cl_try_set_simple(redisContext *c, const char *key, int ttl_ms);
void cl_release_simple(redisContext *c, const char *key);

/* compactor.c / sweeper.c */
long compact_range(redisContext *c, const char *feed, int batch);
int compact_partition(redisContext *c, const compact_config *cfg, int part);
int compact_all(redisContext *c, const compact_config *cfg);
int compact_hot_feeds(redisContext *c, const compact_config *cfg);
int sweep_tombstones(redisContext *c, const compact_config *cfg);
int sweep_orphans(redisContext *c, const compact_config *cfg);

#endif
