#ifndef SWEEPER_H
#define SWEEPER_H

#include <hiredis/hiredis.h>

struct session_store;

struct sweeper {
    redisContext *redis;
    struct session_store *store;
};

int sweep_shard(struct sweeper *sw, const char *shard);
int sweep_tokens(struct sweeper *sw, const char *shard);
int rebalance_shard(struct sweeper *sw, const char *shard);

#endif
