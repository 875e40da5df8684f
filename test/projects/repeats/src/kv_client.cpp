#include "kv_client.h"

bool KvClient::putIfAbsent(const std::string &key, const std::string &value) {
  auto *reply = static_cast<redisReply *>(
      redisCommand(c_, "SET %s %s NX", key.c_str(), value.c_str()));
  bool stored = reply && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  return stored;
}

void KvClient::erase(const std::string &key) {
  freeReplyObject(redisCommand(c_, "DEL %s", key.c_str()));
}
