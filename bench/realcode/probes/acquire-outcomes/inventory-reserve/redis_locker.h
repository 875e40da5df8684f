// Distributed lock used by the reservation and restock paths.
#pragma once

#include <string>

#include <hiredis/hiredis.h>

namespace inv {

enum class LockStatus { kAcquired, kBusy, kError };

const char* ToString(LockStatus s);

struct LockHandle {
  std::string key;
  std::string token;
  long long fence = -1;
};

class RedisLocker {
 public:
  explicit RedisLocker(redisContext* ctx) : ctx_(ctx) {}

  // SET NX PX with a per-call random token. On kAcquired `out` is filled in,
  // including a fence number taken from a per-resource counter.
  LockStatus TryAcquire(const std::string& resource, int ttl_ms, LockHandle* out);

  // Token-checked delete. Returns false if the lock was no longer ours.
  bool Release(const LockHandle& h);

  redisContext* ctx() const { return ctx_; }

 private:
  static std::string NewToken();
  redisContext* ctx_;
};

// Adjusts on-hand stock only if `fence` is newer than the last fence the
// stock record has seen. Returns false if the write was rejected.
bool ApplyStockDelta(redisContext* ctx, const std::string& sku, int delta,
                     long long fence);

}  // namespace inv
