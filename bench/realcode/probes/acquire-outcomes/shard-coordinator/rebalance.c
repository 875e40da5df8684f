/*
 * Rebalancing: moves shards between nodes under the shard's owner lock.
 */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "zkutil.h"

extern const char *g_node_id;
extern int owner_version(int shard);
extern const char *pick_target(int shard);
extern void shard_migrate(int shard, const char *target);
extern void shard_stop_serving(int shard);

void release_shard(zhandle_t *zh, int shard)
{
    char path[128];

    snprintf(path, sizeof path, SHARD_ROOT "/%d/owner", shard);
    shard_stop_serving(shard);
    zoo_delete(zh, path, -1);
}

void release_shard_checked(zhandle_t *zh, int shard)
{
    char path[128];

    snprintf(path, sizeof path, SHARD_ROOT "/%d/owner", shard);
    shard_stop_serving(shard);
    zk_unlock(zh, path, owner_version(shard));
}

int rebalance_lock(zhandle_t *zh, int *version)
{
    while (zk_try_lock(zh, SHARD_ROOT "/rebalance", g_node_id, version) != 1)
        sleep(1);
    return 0;
}

int move_partition(zhandle_t *zh, int shard)
{
    char path[128];
    const char *target;
    int version;

    snprintf(path, sizeof path, SHARD_ROOT "/%d/moving", shard);
    if (zk_try_lock(zh, path, g_node_id, &version) != 1)
        return -EBUSY;

    target = pick_target(shard);
    if (target == NULL)
        return -EINVAL;

    shard_migrate(shard, target);
    zk_unlock(zh, path, version);
    return 0;
}

int rebalance_once(zhandle_t *zh, int max_tries)
{
    int version = -1;
    int tries;
    int rc;

    for (tries = 0; tries < max_tries; tries++) {
        rc = zk_try_lock(zh, SHARD_ROOT "/rebalance", g_node_id, &version);
        if (rc == 1)
            break;
        if (rc < 0)
            return -1;
        sleep(1);
    }
    if (tries == max_tries)
        return 0;

    move_partition(zh, 0);
    zk_unlock(zh, SHARD_ROOT "/rebalance", version);
    return 1;
}
