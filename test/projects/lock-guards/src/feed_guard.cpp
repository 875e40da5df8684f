#include "feed_guard.h"
#include <random>

namespace feed {

static std::string newToken() {
  std::random_device rd;
  return std::to_string(rd()) + std::to_string(rd());
}

FeedGuard::FeedGuard(redisContext *c, const std::string &key, int ttlMs)
    : c_(c), key_(key), token_(newToken()) {
  auto *r = static_cast<redisReply *>(
      redisCommand(c_, "SET %s %s NX PX %d", key_.c_str(), token_.c_str(), ttlMs));
  if (!r)
    return;
  owned_ = r->type == REDIS_REPLY_STATUS;
  freeReplyObject(r);
}

FeedGuard::~FeedGuard() {
  if (!owned_)
    return;
  auto *r = static_cast<redisReply *>(redisCommand(
      c_, "EVAL %s 1 %s %s",
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
      key_.c_str(), token_.c_str()));
  freeReplyObject(r);
}

} // namespace feed
