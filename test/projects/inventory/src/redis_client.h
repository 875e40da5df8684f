#pragma once
#include <hiredis/hiredis.h>
#include <string>

namespace inventory {

// The service's only door to Redis.
class RedisClient {
public:
  explicit RedisClient(redisContext *context) : context_(context) {}
  bool setIfAbsent(const std::string &key, const std::string &value, int ttlMs);
  bool set(const std::string &key, const std::string &value);
  long long incrementBy(const std::string &key, long long amount);
  void remove(const std::string &key);

private:
  redisContext *context_;
};

std::string lockKeyFor(const std::string &sku);

} // namespace inventory
