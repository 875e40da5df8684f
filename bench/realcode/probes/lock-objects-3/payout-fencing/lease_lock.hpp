#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

struct redisContext;

namespace payouts {

// A time-bounded lock that hands out a fencing token with every grant.
// Writers must pass the token to the store, which rejects stale tokens.
class LeaseLock {
 public:
  virtual ~LeaseLock() = default;

  // Returns the fencing token on success.
  virtual std::optional<int64_t> acquire() = 0;
  // Pushes the expiry out by another ttl. False if the lease is gone.
  virtual bool extend() = 0;
  virtual void release() = 0;

  virtual int64_t fence() const = 0;
  virtual const std::string& resource() const = 0;
};

// lock_registry.cpp: the factory callers use.
std::shared_ptr<LeaseLock> NewLeaseLock(const std::string& resource,
                                        std::chrono::milliseconds ttl);

// redis_lease_lock.cpp: the one implementation.
std::shared_ptr<LeaseLock> MakeRedisLeaseLock(redisContext* ctx, const std::string& resource,
                                              std::chrono::milliseconds ttl);

}  // namespace payouts
