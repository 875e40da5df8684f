#include <stdio.h>
#include <string.h>

#include "zk_lock.h"

#define SNAPSHOT_LOCK_PATH "/compactor/locks/snapshot"

int zk_lock_init(struct zk_lock *l, zhandle_t *zh, const char *name, const char *owner)
{
    l->zh = zh;
    l->version = -1;
    snprintf(l->path, sizeof(l->path), "/compactor/locks/%s", name);
    snprintf(l->owner, sizeof(l->owner), "%s", owner);
    return ZOK;
}

int zk_lock_acquire(struct zk_lock *l)
{
    struct Stat st;
    int rc;

    rc = zoo_create(l->zh, l->path, l->owner, (int)strlen(l->owner),
                    &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, NULL, 0);
    if (rc != ZOK)
        return rc;
    rc = zoo_exists(l->zh, l->path, 0, &st);
    if (rc == ZOK)
        l->version = st.version;
    return rc;
}

int zk_lock_release(struct zk_lock *l)
{
    return zoo_delete(l->zh, l->path, -1);
}

int zk_lock_release_checked(struct zk_lock *l)
{
    char buf[64];
    int len = sizeof(buf) - 1;
    struct Stat st;
    int rc;

    rc = zoo_get(l->zh, l->path, 0, buf, &len, &st);
    if (rc != ZOK)
        return rc;
    buf[len < 0 ? 0 : len] = '\0';
    if (strcmp(buf, l->owner) != 0)
        return ZBADVERSION;
    return zoo_delete(l->zh, l->path, st.version);
}

int snapshot_mark_begin(zhandle_t *zh, const char *owner)
{
    return zoo_create(zh, SNAPSHOT_LOCK_PATH, owner, (int)strlen(owner),
                      &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, NULL, 0);
}

void snapshot_mark_end(zhandle_t *zh)
{
    int rc = zoo_delete(zh, SNAPSHOT_LOCK_PATH, -1);
    if (rc != ZOK && rc != ZNONODE)
        fprintf(stderr, "snapshot unlock: %s\n", zerror(rc));
}
