#ifndef SWEEPER_H
#define SWEEPER_H

#include "sweep_lock.h"

typedef struct SweeperConfig {
    int lockTtlMs;
    int batchSize;
    long hardLimit;          /* refuse to sweep more than this many sessions */
    int staleHeartbeatSec;
} SweeperConfig;

int Sweep_ExpiredSessions(redisContext *ctx, const SweeperConfig *cfg);
int Sweep_OrphanCarts(redisContext *ctx, const SweeperConfig *cfg);
int Admin_TakeOverStale(redisContext *ctx, const SweeperConfig *cfg, const char *name);

#endif
