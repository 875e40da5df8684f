#include "reaper.h"

#include <stdio.h>
#include <unistd.h>

int reap_expired(zk_seqlock *l)
{
    int held = 0;
    int n;

    if (zsl_try(l, &held) != ZOK)
        return -1;
    if (!held)
        return 0;

    n = store_delete_expired();
    zsl_release(l);
    return n;
}

int reap_orphans(zk_seqlock *l)
{
    int held = 0;
    int n = 0;

    if (zsl_try(l, &held) == ZOK) {
        n = store_purge_orphans();
        zsl_release(l);
    }
    return n;
}

int reap_blocking(zk_seqlock *l)
{
    int held = 0;
    int n;

    while (!held) {
        int rc = zsl_try(l, &held);
        if (rc != ZOK)
            return rc;
        if (!held)
            sleep(1);
    }
    n = store_delete_expired();
    zsl_release(l);
    return n;
}

int reap_stats(zk_seqlock *l)
{
    int held = 0;
    void *stats;
    int rc;

    rc = zsl_try(l, &held);
    if (rc != ZOK || !held)
        return rc != ZOK ? -1 : 0;

    stats = store_collect_stats();
    if (stats == NULL) {
        fprintf(stderr, "reaper: stats collection failed\n");
        return -1;
    }
    rc = store_publish_stats(stats);
    zsl_release(l);
    return rc;
}
