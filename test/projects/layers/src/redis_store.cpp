#include "redis_store.h"

namespace reports {

bool RedisStore::putIfAbsent(const std::string &key, const std::string &value, int ttlMs) {
  auto *reply = static_cast<redisReply *>(
      redisCommand(context_, "SET %s %s NX PX %d", key.c_str(), value.c_str(), ttlMs));
  bool stored = reply != nullptr && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  return stored;
}

void RedisStore::erase(const std::string &key) {
  freeReplyObject(redisCommand(context_, "DEL %s", key.c_str()));
}

} // namespace reports
