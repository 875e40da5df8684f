#include "zk_mutex.h"
#include "zk_session.h"

#include <stdio.h>
#include <string.h>

/* Gives a shard back before this node leaves: requeue its work, drop the claim. */
int drain_shard(zhandle_t *zh, int shard, int (*requeue)(int shard))
{
    struct zk_mutex m;
    char name[32];
    char claim[64];
    char data[96];
    int len = (int)sizeof data - 1;
    struct Stat st;

    zpathf(name, sizeof name, "drain-%d", shard);
    zkm_init(&m, zh, "/locks", name, node_name());
    if (zkm_lock(&m, 10000) != ZOK) {
        fprintf(stderr, "drain: shard %d busy\n", shard);
        return 1;
    }

    int moved = requeue(shard);

    zpathf(claim, sizeof claim, "/shards/%d/owner", shard);
    if (zoo_get(zh, claim, 0, data, &len, &st) == ZOK && len >= 0) {
        data[len] = '\0';
        if (strcmp(data, node_name()) == 0)
            zoo_delete(zh, claim, st.version);
    }

    zoo_delete(zh, m.path, -1);
    return moved;
}
