#include <stdio.h>
#include <unistd.h>

#include "zk_lock.h"

int compact_segments(const char *table);
int write_snapshot(const char *table);
int purge_tombstones(const char *table);

int run_compaction(zhandle_t *zh, const char *me, const char *table)
{
    struct zk_lock l;
    int rc;

    zk_lock_init(&l, zh, "compaction", me);
    while (zk_lock_acquire(&l) != ZOK)
        sleep(1);

    rc = compact_segments(table);
    zk_lock_release_checked(&l);
    return rc;
}

int run_snapshot(zhandle_t *zh, const char *me, const char *table)
{
    if (snapshot_mark_begin(zh, me) != ZOK)
        return 1;

    if (write_snapshot(table) != 0) {
        fprintf(stderr, "snapshot of %s failed\n", table);
        return -1;
    }
    snapshot_mark_end(zh);
    return 0;
}

int run_gc(zhandle_t *zh, const char *me, const char *table)
{
    struct zk_lock l;
    int tries, rc = ZNODEEXISTS;

    zk_lock_init(&l, zh, "gc", me);
    for (tries = 0; tries < 3 && rc != ZOK; tries++) {
        rc = zk_lock_acquire(&l);
        if (rc != ZOK)
            sleep(2);
    }
    if (rc != ZOK)
        return 1;

    rc = purge_tombstones(table);
    zk_lock_release(&l);
    return rc;
}
