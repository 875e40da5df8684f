// Under C++14 "??/" in a literal is a trigraph for a backslash: a key that
// holds it must be written back as "?\?/" by the release fix.
#include <hiredis/hiredis.h>

void releaseTrigraphKey(redisContext *c, const char *token) {
  freeReplyObject(redisCommand(c, "SET lock:a?\?/b %s NX PX 30000", token));
  freeReplyObject(redisCommand(c, "DEL lock:a?\?/b"));
}
