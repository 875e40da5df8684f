#include "zk_mutex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct zk_mutex {
    zhandle_t *zh;
    char path[256];
    char owner[128];
};

struct zk_mutex *zk_mutex_new(zhandle_t *zh, const char *name)
{
    struct zk_mutex *m = calloc(1, sizeof(*m));
    char host[64] = "";

    if (m == NULL)
        return NULL;
    gethostname(host, sizeof(host) - 1);
    m->zh = zh;
    snprintf(m->path, sizeof(m->path), "/jobs/locks/%s", name);
    snprintf(m->owner, sizeof(m->owner), "%s:%d", host, (int)getpid());
    return m;
}

int zk_mutex_try(struct zk_mutex *m)
{
    int rc = zoo_create(m->zh, m->path, m->owner, (int)strlen(m->owner),
                        &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, NULL, 0);

    switch (rc) {
    case ZOK:
        return 1;
    case ZNODEEXISTS:
        return 0;
    default:
        fprintf(stderr, "zk_mutex %s: %s\n", m->path, zerror(rc));
        return -1;
    }
}

int zk_mutex_unlock(struct zk_mutex *m)
{
    struct Stat st;
    const clientid_t *me = zoo_client_id(m->zh);
    int rc = zoo_exists(m->zh, m->path, 0, &st);

    if (rc != ZOK)
        return rc == ZNONODE ? 0 : -1;
    if (me == NULL || st.ephemeralOwner != me->client_id)
        return 0;
    return zoo_delete(m->zh, m->path, st.version) == ZOK ? 0 : -1;
}

void zk_mutex_free(struct zk_mutex *m)
{
    free(m);
}
