#include <hiredis/hiredis.h>

void runNightlyJob(redisContext *c) {
  freeReplyObject(redisCommand(c, "SET lock:nightly 1"));
  freeReplyObject(redisCommand(c, "DEL lock:nightly"));
}
