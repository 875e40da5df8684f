#include "redis_client.h"
#include <string>

namespace shop {

std::string newToken();
void settleAccounts();

// The nightly settlement: a lock without an expiry, released with a plain
// DEL whoever holds it.
void runSettlement(RedisClient &redis) {
  std::string token = newToken();
  if (!redis.setIfAbsent("lock:settlement", token))
    return;
  settleAccounts();
  redis.remove("lock:settlement");
}

} // namespace shop
