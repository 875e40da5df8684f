#include "redis_client.h"

namespace inventory {

bool RedisClient::setIfAbsent(const std::string &key, const std::string &value, int ttlMs) {
  auto *reply = static_cast<redisReply *>(
      redisCommand(context_, "SET %s %s NX PX %d", key.c_str(), value.c_str(), ttlMs));
  bool taken = reply != nullptr && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  return taken;
}

bool RedisClient::set(const std::string &key, const std::string &value) {
  auto *reply = static_cast<redisReply *>(
      redisCommand(context_, "SET %s %s", key.c_str(), value.c_str()));
  bool done = reply != nullptr;
  freeReplyObject(reply);
  return done;
}

long long RedisClient::incrementBy(const std::string &key, long long amount) {
  auto *reply = static_cast<redisReply *>(
      redisCommand(context_, "INCRBY %s %lld", key.c_str(), amount));
  long long value = reply != nullptr ? reply->integer : 0;
  freeReplyObject(reply);
  return value;
}

void RedisClient::remove(const std::string &key) {
  freeReplyObject(redisCommand(context_, "DEL %s", key.c_str()));
}

std::string lockKeyFor(const std::string &sku) { return "lock:sku:" + sku; }

} // namespace inventory
