#pragma once
#include <hiredis/hiredis.h>
#include <string>

namespace feed {

// Holds a Redis lock for its life. The constructor tries once: ask owned().
class FeedGuard {
public:
  FeedGuard(redisContext *c, const std::string &key, int ttlMs);
  ~FeedGuard();
  FeedGuard(const FeedGuard &) = delete;
  FeedGuard &operator=(const FeedGuard &) = delete;
  bool owned() const { return owned_; }

private:
  redisContext *c_;
  std::string key_;
  std::string token_;
  bool owned_ = false;
};

} // namespace feed
