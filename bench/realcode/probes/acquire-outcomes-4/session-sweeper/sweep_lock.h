#ifndef SWEEP_LOCK_H
#define SWEEP_LOCK_H

#include <hiredis/hiredis.h>

typedef struct sweep_lock sweep_lock_t;

sweep_lock_t *sweep_lock_open(redisContext *c, const char *shard);

/* 1: acquired, 0: another sweeper owns the shard, -1: redis error */
int sweep_lock_acquire(sweep_lock_t *l, int ttl_ms);

/* Older cron boxes still call this; returns 1 when acquired, 0 otherwise. */
int sweep_lock_acquire_legacy(sweep_lock_t *l, int ttl_s);

int sweep_lock_extend(sweep_lock_t *l, int ttl_ms);
void sweep_lock_release(sweep_lock_t *l);
void sweep_lock_close(sweep_lock_t *l);

#endif
