#include <stdio.h>
#include <string.h>

#include "zkl.h"

/* assignment helpers live in assign.c of the ingest library */
int compute_assignment(int nshards, int nworkers);
int write_assignment(zhandle_t *zh, int plan_id);

struct rebalancer {
	zhandle_t *zh;
	struct zk_lock lock;
	int nshards;
	int nworkers;
};

int rebalancer_setup(struct rebalancer *rb, zhandle_t *zh, const char *me, int nshards, int nworkers)
{
	memset(rb, 0, sizeof(*rb));
	rb->zh = zh;
	rb->nshards = nshards;
	rb->nworkers = nworkers;
	return zkl_init(&rb->lock, zh, "rebalance", me);
}

int rebalance_shards(struct rebalancer *rb)
{
	int plan;

	zkl_acquire(&rb->lock);

	plan = compute_assignment(rb->nshards, rb->nworkers);
	write_assignment(rb->zh, plan);

	zkl_release(&rb->lock);
	return plan;
}

int request_rebalance(struct rebalancer *rb)
{
	int rc = zkl_mark_rebalance(rb->zh, rb->lock.owner);

	if (rc == ZNODEEXISTS)
		return 0;
	return rc == ZOK ? 1 : -1;
}

/* admin CLI: "shardctl unlock <shard>" */
int admin_unlock_shard(zhandle_t *zh, int shard)
{
	char name[32];

	snprintf(name, sizeof(name), "shard-%03d", shard);
	return zkl_force_release(zh, name);
}
