#include "redis_client.h"
#include "stock_keys.h"

namespace inventory {

// Restocking takes the lock with a token of its own and releases it with a
// script that checks it; the counter change is one atomic command.
bool restock(RedisClient &redis, redisContext *context, const std::string &sku,
             const std::string &token, long long added) {
  if (!redis.setIfAbsent("lock:restock:" + sku, token, 5000))
    return false;
  redis.incrementBy(stockKey(sku), added);
  freeReplyObject(redisCommand(
      context,
      "EVAL %s 1 %s %s",
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else "
      "return 0 end",
      ("lock:restock:" + sku).c_str(), token.c_str()));
  return true;
}

} // namespace inventory
