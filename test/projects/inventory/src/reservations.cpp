#include "redis_client.h"
#include "stock_keys.h"

namespace inventory {

// Reserves stock for an order. Every replica writes the same value, and the
// release deletes the key whoever holds it.
bool reserve(RedisClient &redis, const std::string &sku, int quantity) {
  const std::string key = "lock:sku:" + sku;
  bool held = redis.setIfAbsent(key, "reserved", 5000);
  if (!held)
    return false;
  redis.set(stockKey(sku), std::to_string(quantity));
  redis.remove(key);
  return true;
}

} // namespace inventory
