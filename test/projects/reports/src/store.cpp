// The wrapper's one unit: the client call behind TryLock.
#include "store.h"
bool RedisStore::TryLock(const std::string &key, const std::string &token, int ttlMs) {
  auto *reply = static_cast<redisReply *>(
      redisCommand(c_, "SET %s %s NX PX %d", key.c_str(), token.c_str(), ttlMs));
  bool ok = reply && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  return ok;
}
