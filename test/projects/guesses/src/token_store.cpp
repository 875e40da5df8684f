#include "token_store.h"

namespace vault {

bool TokenStore::claim(const char *key, const char *holder) {
  auto *reply =
      static_cast<redisReply *>(redisCommand(context_, "SET %s %s NX PX 30000", key, holder));
  bool taken = reply != nullptr && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  return taken;
}

} // namespace vault
