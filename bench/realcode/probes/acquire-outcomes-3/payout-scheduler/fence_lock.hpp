#ifndef PAYOUT_FENCE_LOCK_HPP
#define PAYOUT_FENCE_LOCK_HPP

#include <hiredis/hiredis.h>

#include <cstdint>
#include <string>

namespace payout {

// Redis lock that hands out a monotonically increasing fencing number on
// every successful grant.
//
//   acquire() >  0  -> lock held, value is the fence for this grant
//   acquire() == 0  -> somebody else holds the lock
//   acquire() == -1 -> redis unreachable / script error
class FenceLock {
 public:
  FenceLock(redisContext* ctx, const std::string& name, int ttl_ms);

  int64_t acquire();
  bool release();

  const std::string& key() const { return key_; }

 private:
  redisContext* ctx_;
  std::string key_;
  std::string fence_key_;
  std::string token_;
  int ttl_ms_;
};

}  // namespace payout

#endif
