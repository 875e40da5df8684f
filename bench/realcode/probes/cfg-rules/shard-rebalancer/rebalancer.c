#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "zk_queue.h"

int count_moves(int shard);
int move_replica(int shard, int idx);

static volatile sig_atomic_t g_stop;

static void on_sigterm(int sig)
{
    (void)sig;
    g_stop = 1;
}

static void session_watcher(zhandle_t *zh, int type, int state,
                            const char *path, void *ctx)
{
    (void)zh; (void)path; (void)ctx;
    if (type != ZOO_SESSION_EVENT)
        return;
    if (state == ZOO_EXPIRED_SESSION_STATE)
        fprintf(stderr, "rebalancer: zookeeper session expired\n");
    else if (state == ZOO_CONNECTED_STATE)
        fprintf(stderr, "rebalancer: connected\n");
}

static int rebalance_shard(struct zq *q, int shard)
{
    int rc = zq_acquire(q, 10000);
    if (rc != 0)
        return rc;
    int n = count_moves(shard);
    for (int i = 0; i < n; i++)
        move_replica(shard, i);
    zq_release(q);
    return 0;
}

static int rebalance_now(struct zq *q, int shard)
{
    if (zq_acquire_blocking(q) != 0)
        return -1;
    move_replica(shard, 0);
    zq_release(q);
    return 0;
}

int main(int argc, char **argv)
{
    int shard = argc > 2 ? atoi(argv[2]) : 0;
    struct zq q;
    signal(SIGTERM, on_sigterm);
    zhandle_t *zh = zookeeper_init(argc > 1 ? argv[1] : "localhost:2181",
                                   session_watcher, 30000, NULL, NULL, 0);
    if (zh == NULL || zq_init(&q, zh, shard) != 0)
        return 1;
    if (argc > 3)
        return rebalance_now(&q, shard) == 0 ? 0 : 1;
    while (!g_stop) {
        rebalance_shard(&q, shard);
        sleep(60);
    }
    zookeeper_close(zh);
    return 0;
}
