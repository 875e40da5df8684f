#include "zk_seqlock.h"

#include <stdio.h>
#include <string.h>

void zsl_init(zk_seqlock *l, zhandle_t *zh, const char *dir)
{
    memset(l, 0, sizeof *l);
    l->zh = zh;
    snprintf(l->dir, sizeof l->dir, "%s", dir);
}

static const char *basename_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int zsl_try(zk_seqlock *l, int *held)
{
    char prefix[160];
    struct String_vector kids;
    const char *mine;
    int rc, i, lowest = 1;

    *held = 0;
    snprintf(prefix, sizeof prefix, "%s/lock-", l->dir);
    rc = zoo_create(l->zh, prefix, NULL, -1, &ZOO_OPEN_ACL_UNSAFE,
                    ZOO_EPHEMERAL | ZOO_SEQUENCE, l->node, (int)sizeof l->node);
    if (rc != ZOK)
        return rc;
    l->have_node = 1;

    rc = zoo_get_children(l->zh, l->dir, 0, &kids);
    if (rc != ZOK) {
        zsl_release(l);
        return rc;
    }
    mine = basename_of(l->node);
    for (i = 0; i < kids.count; i++) {
        if (strncmp(kids.data[i], "lock-", 5) == 0 && strcmp(kids.data[i], mine) < 0) {
            lowest = 0;
            break;
        }
    }
    deallocate_String_vector(&kids);

    if (!lowest) {
        zsl_release(l);
        return ZOK;
    }
    *held = 1;
    return ZOK;
}

void zsl_release(zk_seqlock *l)
{
    if (!l->have_node)
        return;
    /* the node was created by this session a moment ago: our own path */
    zoo_delete(l->zh, l->node, -1);
    l->have_node = 0;
    l->node[0] = '\0';
}
