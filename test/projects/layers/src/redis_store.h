#pragma once
#include <hiredis/hiredis.h>
#include <string>

namespace reports {

// The bottom layer: one method per Redis command the service sends.
class RedisStore {
public:
  explicit RedisStore(redisContext *context) : context_(context) {}
  bool putIfAbsent(const std::string &key, const std::string &value, int ttlMs);
  void erase(const std::string &key);

private:
  redisContext *context_;
};

} // namespace reports
