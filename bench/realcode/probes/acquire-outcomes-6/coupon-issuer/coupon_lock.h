#pragma once

#include <hiredis/hiredis.h>

#include <string>
#include <tuple>

namespace coupons {

class CouponLock {
 public:
  explicit CouponLock(redisContext *c) : c_(c) {}

  // {acquired, token}; token is the value this attempt wrote or tried to write.
  std::tuple<bool, std::string> tryAcquire(const std::string &key, int ttlMs);
  bool release(const std::string &key, const std::string &token);
  // INCRBY counter n, applied only while key still holds token.
  bool addWhileHeld(const std::string &key, const std::string &token,
                    const std::string &counter, long n);

 private:
  redisContext *c_;
};

}  // namespace coupons
