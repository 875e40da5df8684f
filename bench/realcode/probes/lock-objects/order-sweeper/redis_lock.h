#pragma once

#include <chrono>
#include <string>

#include <hiredis/hiredis.h>

namespace sweeper {

class RedisLock {
 public:
  RedisLock(redisContext* ctx, std::string name, int ttl_ms);

  RedisLock(const RedisLock&) = delete;
  RedisLock& operator=(const RedisLock&) = delete;

  bool TryLock();
  bool LockUntil(std::chrono::steady_clock::time_point deadline);
  bool Extend(int ttl_ms);
  void Release();

  const std::string& key() const { return key_; }

 private:
  static std::string NewToken();

  redisContext* ctx_;
  std::string key_;
  std::string token_;
  int ttl_ms_;
};

}  // namespace sweeper
