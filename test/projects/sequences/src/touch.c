#include "lock.h"

void touch_lock(redisContext *c, const char *key) {
  redisReply *r = redisCommand(c, "PEXPIRE %s 30000", key);
  if (r != NULL)
    freeReplyObject(r);
}
