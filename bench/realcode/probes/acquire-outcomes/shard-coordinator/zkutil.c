#include "zkutil.h"

#include <stdio.h>
#include <string.h>

int zk_try_lock(zhandle_t *zh, const char *path, const char *node_id, int *version_out)
{
    struct Stat st;
    int rc;

    rc = zoo_create2(zh, path, node_id, (int)strlen(node_id), &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, NULL, 0, &st);
    if (rc == ZNODEEXISTS)
        return 0;
    if (rc != ZOK) {
        fprintf(stderr, "zk_try_lock %s: %s\n", path, zerror(rc));
        return -1;
    }
    *version_out = st.version;
    return 1;
}

int zk_unlock(zhandle_t *zh, const char *path, int version)
{
    int rc = zoo_delete(zh, path, version);

    if (rc != ZOK && rc != ZNONODE)
        fprintf(stderr, "zk_unlock %s: %s\n", path, zerror(rc));
    return rc;
}
