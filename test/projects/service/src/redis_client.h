#pragma once
#include <hiredis/hiredis.h>
#include <string>

namespace shop {

class RedisClient {
public:
  explicit RedisClient(redisContext *context) : context_(context) {}
  bool setIfAbsent(const std::string &key, const std::string &value);
  bool setIfAbsentFor(const std::string &key, const std::string &value, int ttlMs);
  void remove(const std::string &key);
  void put(const std::string &key, const std::string &value);

private:
  redisContext *context_;
};

} // namespace shop
