#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "stock_service.hpp"

// purchasing client lives in another library
int purchase_order_submit(const char* sku, long qty);

namespace inventory {

static long readStock(redisContext* redis, const std::string& sku) {
  auto* r = static_cast<redisReply*>(redisCommand(redis, "GET stock:%s", sku.c_str()));
  long v = 0;
  if (r != nullptr) {
    if (r->type == REDIS_REPLY_STRING) v = std::strtol(r->str, nullptr, 10);
    freeReplyObject(r);
  }
  return v;
}

// Runs every 10 minutes on every replica.
void reorderLowStock(StockService& svc, const std::vector<std::string>& skus, long threshold) {
  for (const auto& sku : skus) {
    auto lock = svc.locks().forSku(sku, 20000);
    lock->acquire();

    long onHand = readStock(svc.redis(), sku);
    if (onHand < threshold) {
      purchase_order_submit(sku.c_str(), threshold * 2 - onHand);
    }
    lock->release();
  }
}

// Nightly report: compares reservations with on-hand stock.
int auditReservations(StockService& svc, const std::vector<std::string>& skus) {
  int mismatches = 0;
  for (const auto& sku : skus) {
    auto lock = svc.locks().forSku(sku);
    if (!lock->acquire()) {
      std::fprintf(stderr, "audit: %s busy, skipped\n", sku.c_str());
      continue;
    }
    long onHand = readStock(svc.redis(), sku);
    if (onHand < 0) ++mismatches;
    lock->release();
  }
  return mismatches;
}

}  // namespace inventory
