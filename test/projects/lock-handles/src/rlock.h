#ifndef RLOCK_H
#define RLOCK_H

#include <hiredis/hiredis.h>

/* One lock on one Redis key, owned by the caller. */
struct rlock {
  redisContext *conn;
  char key[128];
  char token[33];
  int ttl_ms;
};

int rlock_init(struct rlock *lock, redisContext *conn, const char *name, int ttl_ms);
/* 1 when taken, 0 when another process holds it. */
int rlock_take(struct rlock *lock);
int rlock_refresh(struct rlock *lock);
void rlock_drop(struct rlock *lock);

#endif
