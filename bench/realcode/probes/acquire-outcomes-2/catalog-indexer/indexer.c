/*
 * Search catalog indexer.  Every indexer pod walks all shards; the shard
 * lock ensures a shard's segment files are written by one pod at a time.
 */
#include "zk_lock.h"

#include <stdio.h>
#include <string.h>

#define ILOG(fmt, ...) fprintf(stderr, "[indexer] " fmt "\n", __VA_ARGS__)

extern int segment_write(int shard);
extern int segment_merge(int shard);
extern long segment_count(int shard);

static void shard_dir(int shard, char *buf, size_t len)
{
    snprintf(buf, len, "/catalog/locks/shard-%04d", shard);
}

int index_shard(zhandle_t *zh, int shard)
{
    char dir[ZKL_PATH_MAX], node[ZKL_PATH_MAX];
    int st = ZKL_ERROR;

    shard_dir(shard, dir, sizeof dir);
    int rc = zkl_acquire(zh, dir, node, sizeof node, &st);
    if (rc != ZOK || st != ZKL_HELD) {
        if (rc != ZOK)
            ILOG("shard %d: lock error %s", shard, zerror(rc));
        return rc == ZOK ? 0 : -1;
    }

    rc = segment_write(shard);
    zkl_release(zh, node);
    return rc;
}

int index_all(zhandle_t *zh, int nshards)
{
    char dir[ZKL_PATH_MAX], node[ZKL_PATH_MAX];
    int done = 0;

    for (int shard = 0; shard < nshards; shard++) {
        int st = ZKL_ERROR;
        shard_dir(shard, dir, sizeof dir);
        if (zkl_acquire(zh, dir, node, sizeof node, &st) == ZOK) {
            if (segment_write(shard) == 0)
                done++;
            zkl_release(zh, node);
        } else {
            ILOG("shard %d: zookeeper unavailable, skipping", shard);
        }
    }
    ILOG("indexed %d/%d shards", done, nshards);
    return done;
}

int compact_shard(zhandle_t *zh, int shard)
{
    char dir[ZKL_PATH_MAX], node[ZKL_PATH_MAX];
    int st = ZKL_ERROR;

    shard_dir(shard, dir, sizeof dir);
    if (zkl_acquire(zh, dir, node, sizeof node, &st) != ZOK || st != ZKL_HELD)
        return 0;

    if (segment_count(shard) < 2) {
        ILOG("shard %d: nothing to compact", shard);
        return 0;
    }
    int rc = segment_merge(shard);
    zkl_release(zh, node);
    return rc;
}

int full_rebuild(zhandle_t *zh, int nshards)
{
    int rc = zkl_mark_rebuild(zh, zkl_host_id());
    if (rc == ZNODEEXISTS) {
        ILOG("%s", "full rebuild already running");
        return 1;
    }
    if (rc != ZOK)
        return -1;

    int failed = 0;
    for (int shard = 0; shard < nshards; shard++)
        if (index_shard(zh, shard) != 0)
            failed++;
    zkl_clear_rebuild(zh);
    return failed ? -1 : 0;
}
