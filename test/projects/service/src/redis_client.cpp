#include "redis_client.h"

namespace shop {

bool RedisClient::setIfAbsent(const std::string &key, const std::string &value) {
  auto *reply = static_cast<redisReply *>(
      redisCommand(context_, "SET %s %s NX", key.c_str(), value.c_str()));
  bool stored = reply != nullptr && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  return stored;
}

bool RedisClient::setIfAbsentFor(const std::string &key, const std::string &value, int ttlMs) {
  auto *reply = static_cast<redisReply *>(
      redisCommand(context_, "SET %s %s NX PX %d", key.c_str(), value.c_str(), ttlMs));
  bool stored = reply != nullptr && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  return stored;
}

void RedisClient::remove(const std::string &key) {
  freeReplyObject(redisCommand(context_, "DEL %s", key.c_str()));
}

void RedisClient::put(const std::string &key, const std::string &value) {
  freeReplyObject(redisCommand(context_, "SET %s %s", key.c_str(), value.c_str()));
}

} // namespace shop
