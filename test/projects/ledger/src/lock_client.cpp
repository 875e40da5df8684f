// The client calls behind LockClient.
#include "lock_client.h"
bool LockClient::Acquire(const std::string &key, const std::string &token, int ttlMs) {
  auto *reply = static_cast<redisReply *>(
      redisCommand(c_, "SET %s %s NX PX %d", key.c_str(), token.c_str(), ttlMs));
  bool ok = reply && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  return ok;
}
void LockClient::Release(const std::string &key, const std::string &token) {
  freeReplyObject(redisCommand(
      c_, "EVAL %s 1 %s %s",
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
      key.c_str(), token.c_str()));
}
