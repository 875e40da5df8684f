#pragma once

#include <string>

#include <hiredis/hiredis.h>

namespace exporter {

class RedisLock {
 public:
  RedisLock() = default;
  void init(redisContext* ctx, const std::string& key);

  bool tryLock(int ttl_sec);
  void release();

  const std::string& key() const { return key_; }

 private:
  redisContext* ctx_ = nullptr;
  std::string key_;
  std::string token_;
};

}  // namespace exporter
