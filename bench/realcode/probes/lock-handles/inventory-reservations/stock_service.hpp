#ifndef INVENTORY_STOCK_SERVICE_HPP
#define INVENTORY_STOCK_SERVICE_HPP

#include <mutex>
#include <string>
#include <unordered_map>

#include <hiredis/hiredis.h>

#include "sku_lock.hpp"

namespace inventory {

// One instance per API replica; several replicas sit behind the balancer.
class StockService {
 public:
  explicit StockService(redisContext* redis) : m_redis(redis), m_locks(redis) {}

  bool reserve(const std::string& sku, long qty);
  double cachedPrice(const std::string& sku);

  const LockFactory& locks() const { return m_locks; }
  redisContext* redis() const { return m_redis; }

 private:
  redisContext* m_redis;
  LockFactory m_locks;

  std::mutex m_reserveMu;
  std::mutex m_priceMu;
  std::unordered_map<std::string, double> m_priceCache;
};

}  // namespace inventory

#endif
