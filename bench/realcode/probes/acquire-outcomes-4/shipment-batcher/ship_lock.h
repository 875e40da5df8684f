#ifndef SHIP_LOCK_H
#define SHIP_LOCK_H

#include <hiredis/hiredis.h>

struct lock;

struct lock *lock_new(redisContext *c, const char *name, int ttl_ms);
/* 1 = held, 0 = somebody else has it, -1 = redis error */
int lock_acquire(struct lock *l);
void lock_release(struct lock *l);
void lock_free(struct lock *l);

#endif
