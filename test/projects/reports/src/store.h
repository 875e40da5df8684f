// The service's Redis wrapper: TryLock reports whether SET ... NX took the key.
#pragma once
#include <hiredis/hiredis.h>
#include <string>
class RedisStore {
public:
  explicit RedisStore(redisContext *c) : c_(c) {}
  bool TryLock(const std::string &key, const std::string &token, int ttlMs);
private:
  redisContext *c_;
};
