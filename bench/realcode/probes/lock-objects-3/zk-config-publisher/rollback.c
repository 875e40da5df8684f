/*
 * rollback.c - restores the previous bundle of an app from the archive.
 */
#include "bundle.h"
#include "zkkit.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* A publisher that crashed while disconnected can leave its node behind
 * until its session times out; operators can break it after max_age_s. */
static int break_stale_lock(struct zk_conn *zc, const char *path, int max_age_s)
{
    char holder[128];
    int len = sizeof holder - 1;
    struct Stat st;
    long age;
    int rc;

    rc = zoo_get(zc->zh, path, 0, holder, &len, &st);
    if (rc == ZNONODE)
        return 0;
    if (rc != ZOK)
        return -1;
    if (len < 0)
        len = 0;
    holder[len] = '\0';

    age = (long)time(NULL) - (long)(st.mtime / 1000);
    if (age < max_age_s)
        return 0;

    fprintf(stderr, "rollback: breaking lock held by %s for %lds\n", holder, age);
    rc = zoo_delete(zc->zh, path, -1);
    return rc == ZOK ? 1 : -1;
}

int rollback_app(struct zk_conn *zc, const char *app, const struct bundle *previous,
                 int force)
{
    struct zk_mutex m;
    char owner[96], dir[256];
    int i, rc = 0;

    if (force && break_stale_lock(zc, LOCK_NODE, 120) < 0)
        return -EIO;

    zkm_owner_id(owner, sizeof owner);
    if (zkm_init(&m, zc, LOCK_NODE, owner) != 0)
        return -EINVAL;
    if (zkm_lock(&m) != 1)
        return -EBUSY;

    snprintf(dir, sizeof dir, "%s/%s", CFG_ROOT, app);
    for (i = 0; i < previous->nfiles; i++) {
        if (!zkc_alive(zc)) {
            rc = -ENOTCONN;
            break;
        }
        if (write_file_atomic(dir, &previous->files[i]) != 0) {
            rc = -EIO;
            break;
        }
    }

    zkm_unlock(&m);
    return rc;
}
