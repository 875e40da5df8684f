#include "zk_mutex.h"
#include "zk_session.h"

#include <stdio.h>
#include <string.h>

static int ensure_path(zhandle_t *zh, const char *path)
{
    int rc = zoo_create(zh, path, NULL, -1, &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, NULL, 0);
    return (rc == ZOK || rc == ZNODEEXISTS) ? ZOK : rc;
}

/* Claims up to `want` unowned shards for this node. */
int rebalance(zhandle_t *zh, int nshards, int want)
{
    struct zk_mutex m;
    char path[128];
    int taken = 0;

    ensure_path(zh, "/locks");
    ensure_path(zh, "/shards");
    zkm_init(&m, zh, "/locks", "rebalance", NULL);
    if (zkm_lock(&m, 5000) != ZOK)
        return -1;

    const char *me = node_name();
    for (int s = 0; s < nshards && taken < want; s++) {
        zpathf(path, sizeof path, "/shards/%d", s);
        ensure_path(zh, path);

        zpathf(path, sizeof path, "/shards/%d/owner", s);
        int rc = zoo_create(zh, path, me, (int)strlen(me), &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT,
                            NULL, 0);
        if (rc == ZOK)
            taken++;
        else if (rc != ZNODEEXISTS)
            fprintf(stderr, "rebalance: claim %d: %s\n", s, zerror(rc));
    }

    zkm_unlock(&m);
    return taken;
}
