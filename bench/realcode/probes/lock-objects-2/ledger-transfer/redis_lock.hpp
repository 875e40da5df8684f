// redis_lock.hpp - single-key Redis lock used by the ledger services.
#pragma once

#include <chrono>
#include <string>

#include <hiredis/hiredis.h>

namespace ledger {

class RedisLock {
 public:
  RedisLock(redisContext* ctx, std::string key, std::chrono::milliseconds ttl);
  RedisLock(const RedisLock&) = delete;
  RedisLock& operator=(const RedisLock&) = delete;

  // Tries up to `attempts` times, sleeping `backoff` in between.
  bool TryAcquire(int attempts, std::chrono::milliseconds backoff);
  // Compare-and-delete; false if we no longer owned the key.
  bool Release();
  // Compare-and-pexpire; false if the lock was lost.
  bool Extend();

  const std::string& key() const { return key_; }
  const std::string& token() const { return token_; }
  bool held() const { return held_; }

 private:
  redisContext* ctx_;
  std::string key_;
  std::string token_;
  std::chrono::milliseconds ttl_;
  bool held_ = false;
};

}  // namespace ledger
