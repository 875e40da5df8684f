#pragma once
//
// SimpleLock - Redis lock used by the catalog cache warmers.
//
// Acquire()/Release() are the original implementation; AcquireSafe()/
// ReleaseSafe() were added later and are what new code should use.
//
#include <string>

struct redisContext;

namespace catalog {

class SimpleLock {
 public:
  SimpleLock(redisContext* c, std::string name, int ttl_sec);

  bool Acquire();         // original
  bool AcquireForever();  // for the full rebuild, which can take very long
  void Release();         // original

  bool AcquireSafe();
  void ReleaseSafe();

  bool held() const { return held_; }

 private:
  redisContext* c_;
  std::string key_;
  std::string token_;
  int ttl_sec_;
  bool held_ = false;
};

}  // namespace catalog
