#include <hiredis/hiredis.h>

void buildReport(redisContext *c, const char *token) {
  freeReplyObject(redisCommand(c, "SET lock:report %s NX PX 30000", token));
}
