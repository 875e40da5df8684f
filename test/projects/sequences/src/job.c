#include "lock.h"

int sweep(redisContext *c, const char *tenant) {
  redisReply *r = redisCommand(c, "SET lock:sweep %s NX PX 30000", tenant);
  if (r == NULL || r->type == REDIS_REPLY_NIL)
    return 0;
  freeReplyObject(r);
  return rollup(c, "lock:sweep", tenant);
}
