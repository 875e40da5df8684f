// The service's lock client: Acquire reports whether SET ... NX took the key.
#pragma once
#include <hiredis/hiredis.h>
#include <string>
class LockClient {
public:
  explicit LockClient(redisContext *c) : c_(c) {}
  bool Acquire(const std::string &key, const std::string &token, int ttlMs);
  void Release(const std::string &key, const std::string &token);
private:
  redisContext *c_;
};
