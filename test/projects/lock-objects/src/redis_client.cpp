#include "redis_client.h"

namespace ledger {

RedisClient *RedisClient::Instance() {
  static RedisClient client;
  return &client;
}

bool RedisClient::Execute(redisReply **reply, const char *format, ...) {
  va_list args;
  va_start(args, format);
  bool sent = ExecuteV(reply, format, args);
  va_end(args);
  return sent;
}

bool RedisClient::ExecuteV(redisReply **reply, const char *format, va_list args) {
  if (!context_)
    context_ = redisConnect("127.0.0.1", 6379);
  return SendV(reply, format, args);
}

bool RedisClient::SendV(redisReply **reply, const char *format, va_list args) {
  *reply = static_cast<redisReply *>(redisvCommand(context_, format, args));
  return *reply != nullptr;
}

} // namespace ledger
