#define _GNU_SOURCE
#include "zk_lock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ZLOG(fmt, ...) fprintf(stderr, "[zk-lock] " fmt "\n", __VA_ARGS__)

const char *zkl_host_id(void)
{
    static char host[128];
    if (host[0] == '\0' && gethostname(host, sizeof host - 1) != 0)
        snprintf(host, sizeof host, "pid-%ld", (long)getpid());
    return host;
}

int zkl_acquire(zhandle_t *zh, const char *dir, char *node_out, int node_len, int *status)
{
    char prefix[ZKL_PATH_MAX];
    struct String_vector kids = { 0, NULL };
    const char *me = zkl_host_id();

    *status = ZKL_ERROR;
    snprintf(prefix, sizeof prefix, "%s/lock-", dir);
    int rc = zoo_create(zh, prefix, me, (int)strlen(me), &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL | ZOO_SEQUENCE, node_out, node_len);
    if (rc != ZOK) {
        ZLOG("create under %s: %s", dir, zerror(rc));
        return rc;
    }

    rc = zoo_get_children(zh, dir, 0, &kids);
    if (rc != ZOK) {
        ZLOG("children of %s: %s", dir, zerror(rc));
        zkl_release(zh, node_out);
        return rc;
    }

    const char *mine = strrchr(node_out, '/') + 1;
    int lowest = 1;
    for (int i = 0; i < kids.count; i++) {
        if (strcmp(kids.data[i], mine) < 0) {
            lowest = 0;
            break;
        }
    }
    deallocate_String_vector(&kids);

    if (lowest) {
        *status = ZKL_HELD;
        return ZOK;
    }
    zkl_release(zh, node_out);
    *status = ZKL_BUSY;
    return ZOK;
}

int zkl_release(zhandle_t *zh, const char *node)
{
    struct Stat st;
    int rc = zoo_exists(zh, node, 0, &st);
    if (rc == ZNONODE)
        return ZOK;
    if (rc != ZOK)
        return rc;
    rc = zoo_delete(zh, node, st.version);
    if (rc != ZOK && rc != ZNONODE)
        ZLOG("delete %s: %s", node, zerror(rc));
    return rc == ZNONODE ? ZOK : rc;
}

int zkl_mark_rebuild(zhandle_t *zh, const char *owner)
{
    int rc = zoo_create(zh, ZKL_REBUILD_PATH, owner, (int)strlen(owner), &ZOO_OPEN_ACL_UNSAFE, 0, NULL, 0);
    if (rc != ZOK && rc != ZNODEEXISTS)
        ZLOG("create %s: %s", ZKL_REBUILD_PATH, zerror(rc));
    return rc;
}

int zkl_clear_rebuild(zhandle_t *zh)
{
    int rc = zoo_delete(zh, ZKL_REBUILD_PATH, -1);
    if (rc != ZOK && rc != ZNONODE)
        ZLOG("delete %s: %s", ZKL_REBUILD_PATH, zerror(rc));
    return rc;
}
