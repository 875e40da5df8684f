#pragma once
#include <hiredis/hiredis.h>
#include <string>

namespace feed {

// The service's Redis client: one method per command, each retried once on
// a fresh connection when the first attempt gets no reply.
class Store {
public:
  explicit Store(const std::string &host) : host_(host) { connect(); }
  bool takeIfAbsent(const std::string &key, const std::string &value, int ttlMs);
  void put(const std::string &key, const std::string &value);
  void putWithExpiry(const std::string &key, const std::string &value, int seconds);
  void drop(const std::string &key);

private:
  void connect();
  std::string host_;
  redisContext *context_ = nullptr;
};

} // namespace feed
