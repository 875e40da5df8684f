#pragma once

#include <chrono>
#include <string>

#include <hiredis/hiredis.h>

namespace sessions {

class RedisLock {
 public:
  using Clock = std::chrono::steady_clock;

  RedisLock(redisContext* ctx, std::string key, int ttl_ms);

  bool tryLock();
  bool lockUntil(Clock::time_point deadline);
  bool lockFor(std::chrono::milliseconds wait) { return lockUntil(Clock::now() + wait); }
  bool extend();
  void release();

  long long fence() const { return fence_; }

 private:
  redisContext* ctx_;
  std::string key_;
  std::string token_;
  int ttl_ms_;
  long long fence_ = 0;
};

}  // namespace sessions
