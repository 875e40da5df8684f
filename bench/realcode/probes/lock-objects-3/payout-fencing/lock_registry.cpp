#include "lease_lock.hpp"

#include <hiredis/hiredis.h>

#include <cstdlib>
#include <stdexcept>

namespace payouts {

namespace {

redisContext* LockConnection() {
  // One connection per process, opened on first use and never closed.
  static redisContext* ctx = [] {
    const char* host = std::getenv("PAYOUTS_LOCK_REDIS");
    struct timeval tv = {2, 0};
    redisContext* c = redisConnectWithTimeout(host ? host : "127.0.0.1", 6379, tv);
    if (c == nullptr || c->err) throw std::runtime_error("payouts: lock redis unavailable");
    redisSetTimeout(c, tv);
    return c;
  }();
  return ctx;
}

}  // namespace

std::shared_ptr<LeaseLock> NewLeaseLock(const std::string& resource,
                                        std::chrono::milliseconds ttl) {
  if (ttl < std::chrono::seconds(1)) throw std::invalid_argument("payouts: ttl too short");
  return MakeRedisLeaseLock(LockConnection(), resource, ttl);
}

}  // namespace payouts
