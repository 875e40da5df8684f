// A lock held in Redis, one per resource name.
#pragma once
#include <hiredis/hiredis.h>
#include <string>

namespace dispatch {

class RedisLock {
public:
  RedisLock(redisContext *ctx, std::string name);
  ~RedisLock();
  bool TryLock();
  void Unlock();

private:
  redisContext *ctx_;
  std::string key_;
  bool held_ = false;
};

} // namespace dispatch
