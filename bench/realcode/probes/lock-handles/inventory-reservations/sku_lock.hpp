#ifndef INVENTORY_SKU_LOCK_HPP
#define INVENTORY_SKU_LOCK_HPP

#include <memory>
#include <string>

#include <hiredis/hiredis.h>

namespace inventory {

class SkuLock {
 public:
  SkuLock(redisContext* redis, const std::string& sku, int ttlMs);
  ~SkuLock();

  bool acquire();
  void release();
  bool held() const { return m_held; }

 private:
  redisContext* m_redis;
  std::string m_key;
  std::string m_token;
  int m_ttlMs;
  bool m_held = false;
};

class LockFactory {
 public:
  explicit LockFactory(redisContext* redis) : m_redis(redis) {}
  std::unique_ptr<SkuLock> forSku(const std::string& sku, int ttlMs = 8000) const {
    return std::make_unique<SkuLock>(m_redis, sku, ttlMs);
  }

 private:
  redisContext* m_redis;
};

}  // namespace inventory

#endif
