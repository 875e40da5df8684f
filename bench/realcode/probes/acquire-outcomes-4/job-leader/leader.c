#include "leader.h"

#include <stdio.h>

#include "zk_mutex.h"

int run_scheduled(struct leader *ld, const char *job)
{
    struct zk_mutex *m = zk_mutex_new(ld->zh, job);
    int rc;

    if (m == NULL)
        return -1;
    rc = zk_mutex_try(m);
    if (rc == 1) {
        rc = job_execute(ld->jobs, job);
        zk_mutex_unlock(m);
    } else if (rc < 0) {
        fprintf(stderr, "job %s: lock error, skipping this tick\n", job);
    }
    zk_mutex_free(m);
    return rc;
}

/* Replays ticks missed while no leader was up. */
int run_catchup(struct leader *ld, const char *job)
{
    struct zk_mutex *m = zk_mutex_new(ld->zh, job);

    if (m == NULL)
        return -1;
    if (zk_mutex_try(m)) {
        job_catchup(ld->jobs, job);
        zk_mutex_unlock(m);
    }
    zk_mutex_free(m);
    return 0;
}

int run_exclusive(struct leader *ld, const char *job)
{
    struct zk_mutex *m = zk_mutex_new(ld->zh, job);
    int rc;

    if (m == NULL)
        return -1;
    if (zk_mutex_try(m) != 1) {
        zk_mutex_free(m);
        return 0;
    }
    if (job_prepare(ld->jobs, job) != 0) {
        fprintf(stderr, "job %s: prepare failed\n", job);
        zk_mutex_free(m);
        return -1;
    }
    rc = job_execute(ld->jobs, job);
    zk_mutex_unlock(m);
    zk_mutex_free(m);
    return rc;
}
