#ifndef SEQUENCES_LOCK_H
#define SEQUENCES_LOCK_H

#include <hiredis/hiredis.h>

void touch_lock(redisContext *c, const char *key);
int rollup(redisContext *c, const char *key, const char *tenant);

#endif
