/*
 * compactor.c - merges small report segments into larger ones.
 *
 * Each job carries its own zk_lock; the completion callbacks run on the
 * zookeeper completion thread.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zookeeper/zookeeper.h>

#include "zk_lock.h"

struct compaction_job {
    zk_lock_t lk;
    char      report[128];
    int       level;
    volatile int lock_rc;
};

static void merge_segments(struct compaction_job *j)
{
    fprintf(stderr, "compact %s level %d\n", j->report, j->level);
}

static void write_rollup(struct compaction_job *j)
{
    fprintf(stderr, "rollup %s\n", j->report);
}

static void vacuum_segments(struct compaction_job *j)
{
    fprintf(stderr, "vacuum %s\n", j->report);
}

static void archive_segments(struct compaction_job *j)
{
    fprintf(stderr, "archive %s\n", j->report);
}

static struct compaction_job *new_job(zhandle_t *zh, const char *report, int level)
{
    struct compaction_job *j = calloc(1, sizeof *j);

    if (j == NULL)
        return NULL;
    snprintf(j->report, sizeof j->report, "%s", report);
    j->level = level;
    zk_lock_setup(&j->lk, zh, report, "compactor");
    return j;
}

/* ---- compaction: only merge when the create actually succeeded ---- */

static void on_compact_lock(int rc, const char *value, const void *data)
{
    struct compaction_job *j = (struct compaction_job *)data;

    if (rc != ZOK) {
        if (rc != ZNODEEXISTS)
            fprintf(stderr, "compact %s: lock failed: %s\n", j->report, zerror(rc));
        free(j);
        return;
    }
    zk_lock_adopt(&j->lk, value);
    merge_segments(j);
    zk_lock_drop(&j->lk);
}

int compactor_schedule(zhandle_t *zh, const char *report, int level)
{
    struct compaction_job *j = new_job(zh, report, level);
    int rc;

    if (j == NULL)
        return -1;
    rc = zk_lock_request(&j->lk, on_compact_lock, j);
    if (rc != ZOK) {
        free(j);
        return -1;
    }
    return 0;
}

/* ---- rollups ---- */

static void on_rollup_lock(int rc, const char *value, const void *data)
{
    struct compaction_job *j = (struct compaction_job *)data;

    fprintf(stderr, "rollup %s: lock rc=%d (%s)\n", j->report, rc, zerror(rc));
    write_rollup(j);
    if (rc == ZOK) {
        zk_lock_adopt(&j->lk, value);
        zk_lock_drop(&j->lk);
    }
}

int compactor_rollup(zhandle_t *zh, const char *report)
{
    struct compaction_job *j = new_job(zh, report, 0);

    if (j == NULL)
        return -1;
    if (zk_lock_request(&j->lk, on_rollup_lock, j) != ZOK) {
        free(j);
        return -1;
    }
    return 0;
}

/* ---- vacuum ---- */

static void on_vacuum_lock(int rc, const char *value, const void *data)
{
    struct compaction_job *j = (struct compaction_job *)data;

    j->lock_rc = rc;
    if (rc == ZOK)
        zk_lock_adopt(&j->lk, value);
}

int compactor_vacuum(zhandle_t *zh, const char *report)
{
    struct compaction_job *j = new_job(zh, report, 0);
    int rc;

    if (j == NULL)
        return -1;
    j->lock_rc = -1;
    rc = zk_lock_request(&j->lk, on_vacuum_lock, j);
    if (rc != ZOK) {
        fprintf(stderr, "vacuum %s: %s\n", report, zerror(rc));
        free(j);
        return -1;
    }
    vacuum_segments(j);
    zk_lock_drop(&j->lk);
    return 0;
}

/* ---- reindex: same discipline as compaction ---- */

static void on_reindex_lock(int rc, const char *value, const void *data)
{
    struct compaction_job *j = (struct compaction_job *)data;

    switch (rc) {
    case ZOK:
        zk_lock_adopt(&j->lk, value);
        merge_segments(j);
        zk_lock_drop(&j->lk);
        break;
    case ZNODEEXISTS:
        break;
    default:
        fprintf(stderr, "reindex %s: %s\n", j->report, zerror(rc));
        break;
    }
}

int compactor_reindex(zhandle_t *zh, const char *report)
{
    struct compaction_job *j = new_job(zh, report, 1);

    if (j == NULL)
        return -1;
    return zk_lock_request(&j->lk, on_reindex_lock, j) == ZOK ? 0 : -1;
}

/* ---- archive (long running) ---- */

static void on_archive_lock(int rc, const char *value, const void *data)
{
    struct compaction_job *j = (struct compaction_job *)data;

    if (rc != ZOK)
        return;
    zk_lock_adopt(&j->lk, value);
    archive_segments(j);
    zk_lock_drop(&j->lk);
}

int compactor_archive(zhandle_t *zh, const char *report)
{
    struct compaction_job *j = new_job(zh, report, 9);

    if (j == NULL)
        return -1;
    return zk_lock_request_sticky(&j->lk, on_archive_lock, j) == ZOK ? 0 : -1;
}
