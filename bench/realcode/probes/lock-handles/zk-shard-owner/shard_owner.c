#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "zkl.h"

/* per-shard consumer loop, defined in consumer.c of the ingest library */
int consume_batch(int shard);

static zhandle_t *g_zh;

static int own_shard(int shard, const char *me)
{
	struct zk_lock lk;
	char name[32];
	int rc;

	snprintf(name, sizeof(name), "shard-%03d", shard);
	zkl_init(&lk, g_zh, name, me);

	rc = zkl_acquire(&lk);
	if (rc == ZNODEEXISTS)
		return 0;
	if (rc != ZOK) {
		fprintf(stderr, "shard %d: zk error %d\n", shard, rc);
		return -1;
	}

	/* keep the shard until the consumer reports it drained */
	while (consume_batch(shard) > 0)
		;

	zkl_release(&lk);
	return 1;
}

int shard_owner_main(const char *hosts, int nshards)
{
	char me[64];
	int shard;

	gethostname(me, sizeof(me));
	g_zh = zookeeper_init(hosts, NULL, 10000, NULL, NULL, 0);
	if (g_zh == NULL) {
		perror("zookeeper_init");
		return 1;
	}

	for (;;) {
		for (shard = 0; shard < nshards; shard++)
			own_shard(shard, me);
		sleep(5);
	}
	return 0;
}
