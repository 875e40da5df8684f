#pragma once

#include <chrono>
#include <string>

#include "redis_client.h"

namespace feed {

class DistLock {
 public:
  DistLock(RedisClient& client, const std::string& resource);

  bool tryLock(int ttl_ms);
  bool lockUntil(std::chrono::steady_clock::time_point deadline, int ttl_ms);
  bool extend(int ttl_ms);
  void release();

 private:
  RedisClient& client_;
  std::string key_;
  std::string token_;
};

}  // namespace feed
