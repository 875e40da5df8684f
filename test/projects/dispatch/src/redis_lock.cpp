#include "redis_lock.h"

namespace dispatch {

RedisLock::RedisLock(redisContext *ctx, std::string name)
    : ctx_(ctx), key_("lock:" + std::move(name)) {}

RedisLock::~RedisLock() {
  if (held_)
    Unlock();
}

bool RedisLock::TryLock() {
  auto *reply = static_cast<redisReply *>(
      redisCommand(ctx_, "SET %s 1 NX PX 30000", key_.c_str()));
  held_ = reply != nullptr && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  return held_;
}

void RedisLock::Unlock() {
  redisCommand(ctx_, "DEL %s", key_.c_str());
  held_ = false;
}

} // namespace dispatch
