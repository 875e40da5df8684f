#ifndef LEDGER_RLOCK_H
#define LEDGER_RLOCK_H

#include <stdbool.h>
#include <hiredis/hiredis.h>

typedef struct rlock rlock_t;

/* Allocates a lock handle for `resource`. Returns NULL on OOM. */
rlock_t *rlock_new(redisContext *rc, const char *resource, unsigned ttl_sec);
void rlock_free(rlock_t *l);

bool rlock_try(rlock_t *l);
int rlock_unlock(rlock_t *l);
const char *rlock_key(const rlock_t *l);

#endif
