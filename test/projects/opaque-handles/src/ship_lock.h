#ifndef SHIP_LOCK_H
#define SHIP_LOCK_H

#include <hiredis/hiredis.h>

/* Opaque: callers hold a pointer and never see the members. */
struct ship_lock;

struct ship_lock *ship_lock_new(redisContext *c, const char *name, int ttl_ms);
/* 1 when taken, 0 when another worker holds it, -1 when Redis failed. */
int ship_lock_take(struct ship_lock *l);
void ship_lock_release(struct ship_lock *l);
void ship_lock_free(struct ship_lock *l);

#endif
