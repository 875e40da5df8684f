#pragma once
#include "redis_client.h"
#include <string>

namespace shop {

// Held from a successful tryLock() until the object goes away.
class JobLock {
public:
  JobLock(RedisClient &redis, std::string name);
  ~JobLock();
  bool tryLock();

private:
  RedisClient &redis_;
  std::string key_;
  bool held_ = false;
};

} // namespace shop
