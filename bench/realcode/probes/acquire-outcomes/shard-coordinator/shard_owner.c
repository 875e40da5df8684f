/*
 * Shard ownership: each shard is served by the node that owns
 * /shards/<id>/owner. Standby replicas keep trying.
 */
#include <stdio.h>
#include <string.h>

#include "zkutil.h"

extern const char *g_node_id;
extern void shard_serve(int shard);
extern void shard_migrate(int shard, const char *target);
extern void shard_become_standby_owner(int shard);

static int g_owner_version[1024];

int claim_shard(zhandle_t *zh, int shard)
{
    char path[128];

    snprintf(path, sizeof path, SHARD_ROOT "/%d/owner", shard);
    if (zk_try_lock(zh, path, g_node_id, &g_owner_version[shard]) == 1) {
        shard_serve(shard);
        return 1;
    }
    return 0;
}

int claim_standby(zhandle_t *zh, int shard)
{
    char path[128];
    int rc;

    snprintf(path, sizeof path, SHARD_ROOT "/%d/standby", shard);
    rc = zoo_create(zh, path, g_node_id, (int)strlen(g_node_id), &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, NULL, 0);
    if (rc != ZNODEEXISTS) {
        shard_become_standby_owner(shard);
        return 1;
    }
    return 0;
}

int claim_migration(zhandle_t *zh, int shard, const char *target)
{
    char path[128];
    int rc;

    snprintf(path, sizeof path, SHARD_ROOT "/%d/migrating", shard);
    rc = zoo_create(zh, path, target, (int)strlen(target), &ZOO_OPEN_ACL_UNSAFE, 0, NULL, 0);
    if (rc != ZOK)
        return rc == ZNODEEXISTS ? 0 : -1;

    shard_migrate(shard, target);
    zk_unlock(zh, path, 0);
    return 1;
}

int claim_shard_verbose(zhandle_t *zh, int shard)
{
    char path[128];
    int version = -1;
    int got;

    snprintf(path, sizeof path, SHARD_ROOT "/%d/owner", shard);
    got = zk_try_lock(zh, path, g_node_id, &version);
    switch (got) {
    case 1:
        g_owner_version[shard] = version;
        shard_serve(shard);
        return 1;
    case 0:
        printf("shard %d owned elsewhere\n", shard);
        return 0;
    default:
        printf("shard %d: zookeeper error\n", shard);
        return -1;
    }
}

int owner_version(int shard)
{
    return g_owner_version[shard];
}
