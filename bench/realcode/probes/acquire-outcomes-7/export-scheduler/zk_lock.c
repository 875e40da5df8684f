#include "zk_lock.h"

#include <stdio.h>
#include <string.h>

int zk_try_ephemeral(zhandle_t *zh, const char *path, const char *owner,
                     struct Stat *st)
{
    return zoo_create2(zh, path, owner, (int)strlen(owner),
                       &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, NULL, 0, st);
}

int zk_release_versioned(zhandle_t *zh, const char *path,
                         const struct Stat *st)
{
    return zoo_delete(zh, path, st->version);
}

int zk_seq_enter(zhandle_t *zh, const char *dir, char *node, size_t n,
                 int *lowest)
{
    char prefix[256];
    struct String_vector kids;
    const char *mine;
    int rc, i;

    *lowest = 0;
    snprintf(prefix, sizeof prefix, "%s/lock-", dir);
    rc = zoo_create(zh, prefix, "", 0, &ZOO_OPEN_ACL_UNSAFE,
                    ZOO_EPHEMERAL_SEQUENTIAL, node, (int)n);
    if (rc != ZOK)
        return rc;
    rc = zoo_get_children(zh, dir, 0, &kids);
    if (rc != ZOK)
        return rc;
    mine = strrchr(node, '/');
    mine = mine ? mine + 1 : node;
    *lowest = 1;
    for (i = 0; i < kids.count; i++) {
        if (strcmp(kids.data[i], mine) < 0) {
            *lowest = 0;
            break;
        }
    }
    deallocate_String_vector(&kids);
    return ZOK;
}
