#ifndef ROLLUP_H_
#define ROLLUP_H_

#include "qlock.h"

int rollup_tenant(redisContext *rc, qlock_t *q, const char *tenant);
int rollup_tenant_fenced(redisContext *rc, qlock_t *q, const char *tenant);

#endif
