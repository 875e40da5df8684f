#include "lock.h"

static void keep(redisContext *c, const char *key) {
  touch_lock(c, key); // the lock may not outlive the rollup
}

int rollup(redisContext *c, const char *key, const char *tenant) {
  redisReply *r = redisCommand(c, "SET quota:total:%s 0", tenant);
  if (r == NULL)
    return -1;
  freeReplyObject(r);
  keep(c, key);
  return 0;
}
