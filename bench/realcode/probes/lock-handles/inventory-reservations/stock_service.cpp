#include "stock_service.hpp"

#include <cstdlib>

namespace inventory {

bool StockService::reserve(const std::string& sku, long qty) {
  std::lock_guard<std::mutex> guard(m_reserveMu);

  auto* cur = static_cast<redisReply*>(redisCommand(m_redis, "GET stock:%s", sku.c_str()));
  if (cur == nullptr) return false;
  long onHand = cur->type == REDIS_REPLY_STRING ? std::strtol(cur->str, nullptr, 10) : 0;
  freeReplyObject(cur);

  if (onHand < qty) return false;

  auto* upd = static_cast<redisReply*>(redisCommand(m_redis, "SET stock:%s %ld", sku.c_str(), onHand - qty));
  if (upd == nullptr) return false;
  freeReplyObject(upd);
  return true;
}

double StockService::cachedPrice(const std::string& sku) {
  std::lock_guard<std::mutex> guard(m_priceMu);

  auto it = m_priceCache.find(sku);
  if (it != m_priceCache.end()) return it->second;

  double price = 0.0;
  auto* r = static_cast<redisReply*>(redisCommand(m_redis, "HGET price:%s amount", sku.c_str()));
  if (r != nullptr) {
    if (r->type == REDIS_REPLY_STRING) price = std::strtod(r->str, nullptr);
    freeReplyObject(r);
  }
  m_priceCache.emplace(sku, price);
  return price;
}

}  // namespace inventory
