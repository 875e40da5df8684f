// Input for in-tree-headers.test: the Redis wrapper.
#pragma once
#include <hiredis/hiredis.h>
struct Store {
  redisContext *c;
};
inline void storeSet(Store *s, const char *key, const char *value) {
  freeReplyObject(redisCommand(s->c, "SET %s %s PX 30000", key, value));
}
