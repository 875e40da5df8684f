// Purchasing-side flows: goods received, cross-warehouse rebalancing, audits.
#include <cstdio>
#include <string>

#include "redis_locker.h"
#include "warehouse.h"

namespace inv {

static const int kRestockTtlMs = 30000;

int Restock(RedisLocker& locker, const std::string& sku, int received) {
  LockHandle h;
  const LockStatus st = locker.TryAcquire(sku, kRestockTtlMs, &h);
  if (st == LockStatus::kBusy) return 1;      // someone else is booking; retry later
  if (st == LockStatus::kError) return -1;

  redisContext* c = locker.ctx();
  auto* r = static_cast<redisReply*>(redisCommand(c, "HINCRBY stock:%s on_hand %d", sku.c_str(), received));
  const bool ok = r != nullptr && r->type == REDIS_REPLY_INTEGER;
  if (r) freeReplyObject(r);
  locker.Release(h);
  return ok ? 0 : -1;
}

bool Rebalance(RedisLocker& locker, const std::string& sku, int move_out) {
  LockHandle h;
  if (locker.TryAcquire(sku, kRestockTtlMs, &h) == LockStatus::kAcquired) {
    const bool ok = ApplyStockDelta(locker.ctx(), sku, -move_out, h.fence);
    locker.Release(h);
    return ok;
  }
  return false;
}

void AuditSku(RedisLocker& locker, const std::string& sku, int expected_on_hand,
              int counted) {
  LockHandle h;
  const LockStatus st = locker.TryAcquire(sku, kRestockTtlMs, &h);
  const int shortfall = expected_on_hand - counted;
  std::printf("audit %s: expected=%d counted=%d (%s)\n", sku.c_str(),
              expected_on_hand, counted, ToString(st));

  const bool have_lock = (st == LockStatus::kAcquired);
  if (!have_lock) return;

  if (shortfall > 0) warehouse::NotifyPurchasing(sku, shortfall);
  ApplyStockDelta(locker.ctx(), sku, -shortfall, h.fence);
  locker.Release(h);
}

}  // namespace inv
