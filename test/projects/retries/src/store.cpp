#include "store.h"

namespace feed {

void Store::connect() {
  if (context_ != nullptr)
    redisFree(context_);
  context_ = redisConnect(host_.c_str(), 6379);
}

bool Store::takeIfAbsent(const std::string &key, const std::string &value, int ttlMs) {
  auto *reply = static_cast<redisReply *>(
      redisCommand(context_, "SET %s %s NX PX %d", key.c_str(), value.c_str(), ttlMs));
  if (reply == nullptr) {
    connect();
    reply = static_cast<redisReply *>(
        redisCommand(context_, "SET %s %s NX PX %d", key.c_str(), value.c_str(), ttlMs));
  }
  bool taken = reply != nullptr && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  return taken;
}

// The same command on both attempts: callers read it as one SET.
void Store::put(const std::string &key, const std::string &value) {
  void *reply = redisCommand(context_, "SET %s %s", key.c_str(), value.c_str());
  if (reply == nullptr) {
    connect();
    reply = redisCommand(context_, "SET %s %s", key.c_str(), value.c_str());
  }
  freeReplyObject(reply);
}

// Two different commands: its calls are read as both, in the order it
// sends them, SET then EXPIRE.
void Store::putWithExpiry(const std::string &key, const std::string &value, int seconds) {
  freeReplyObject(redisCommand(context_, "SET %s %s", key.c_str(), value.c_str()));
  freeReplyObject(redisCommand(context_, "EXPIRE %s %d", key.c_str(), seconds));
}

void Store::drop(const std::string &key) {
  void *reply = redisCommand(context_, "DEL %s", key.c_str());
  if (reply == nullptr) {
    connect();
    reply = redisCommand(context_, "DEL %s", key.c_str());
  }
  freeReplyObject(reply);
}

} // namespace feed
