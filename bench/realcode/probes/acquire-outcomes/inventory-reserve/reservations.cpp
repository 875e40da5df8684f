// Order reservation flows. Every flow that touches a SKU's stock takes the
// per-SKU lock first so two API replicas cannot both reserve the last unit.
#include <cstdio>

#include "redis_locker.h"
#include "warehouse.h"

namespace inv {
namespace {
constexpr int kReserveTtlMs = 15000;

void LogStatus(const char* flow, const std::string& sku, LockStatus st) {
  std::fprintf(stderr, "[%s] sku=%s lock=%s\n", flow, sku.c_str(), ToString(st));
}
}  // namespace

bool ReserveForOrder(RedisLocker& locker, const warehouse::Order& order) {
  const warehouse::OrderLine& line = order.lines.front();
  LockHandle h;
  switch (locker.TryAcquire(line.sku, kReserveTtlMs, &h)) {
    case LockStatus::kAcquired:
      break;
    case LockStatus::kBusy:
      LogStatus("reserve", line.sku, LockStatus::kBusy);
      return false;
    case LockStatus::kError:
      LogStatus("reserve", line.sku, LockStatus::kError);
      return false;
  }

  bool ok = ApplyStockDelta(locker.ctx(), line.sku, -line.qty, h.fence);
  if (ok) ok = warehouse::QueuePickList(order);
  locker.Release(h);
  return ok;
}

bool ReleaseHold(RedisLocker& locker, const warehouse::Order& order) {
  const warehouse::OrderLine& line = order.lines.front();
  LockHandle h;
  LockStatus st = locker.TryAcquire(line.sku, kReserveTtlMs, &h);
  if (st != LockStatus::kBusy) {
    // we own the SKU, put the units back
    warehouse::CancelPickList(order.id);
    ApplyStockDelta(locker.ctx(), line.sku, line.qty, h.fence);
    locker.Release(h);
    return true;
  }
  LogStatus("release-hold", line.sku, st);
  return false;
}

bool SplitShipment(RedisLocker& locker, const warehouse::Order& order, int parcels) {
  const warehouse::OrderLine& line = order.lines.front();
  LockHandle h;
  LockStatus st = locker.TryAcquire(line.sku, kReserveTtlMs, &h);
  switch (st) {
    case LockStatus::kBusy:
      return false;
    case LockStatus::kError:
      // redis hiccup: splitting is idempotent on the gateway side, go ahead
      LogStatus("split", line.sku, st);
      [[fallthrough]];
    case LockStatus::kAcquired: {
      bool ok = warehouse::SplitIntoParcels(order, parcels);
      locker.Release(h);
      return ok;
    }
  }
  return false;
}

bool AdjustReservation(RedisLocker& locker, const warehouse::Order& order, int new_qty) {
  const warehouse::OrderLine& line = order.lines.front();
  LockHandle h;
  if (locker.TryAcquire(line.sku, kReserveTtlMs, &h) != LockStatus::kAcquired) {
    return false;
  }

  const int delta = line.qty - new_qty;
  if (delta == 0) {
    return true;
  }
  const bool ok = ApplyStockDelta(locker.ctx(), line.sku, delta, h.fence);
  locker.Release(h);
  return ok;
}

}  // namespace inv
