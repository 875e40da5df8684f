#include "loyalty_db.h"
#include "points.h"

namespace loyalty {

void accruePoints(MYSQL *db, long memberId) {
  auto [ran, cell] = queryCell(db, getLockSql("loyalty.accrue", 5));
  if (!ran || cell != "1") return;
  accrue(db, memberId);
  queryCell(db, releaseLockSql("loyalty.accrue"));
}

void expirePoints(MYSQL *db) {
  auto [ran, cell] = queryCell(db, getLockSql("loyalty.expire", 5));
  if (!ran) return;
  expireBalances(db);
  queryCell(db, releaseLockSql("loyalty.expire"));
}

void redeemPoints(MYSQL *db, long memberId, long points) {
  const std::string cell = queryCellAsync(db, getLockSql("loyalty.redeem", 5)).get().second;
  if (cell.empty()) return;
  redeem(db, memberId, points);
  queryCell(db, releaseLockSql("loyalty.redeem"));
}

void recalcAllTiers(MYSQL *db) {
  std::future<Cell> pending = queryCellAsync(db, getLockSql("loyalty.tiers", 10));
  const auto [ran, cell] = pending.get();
  if (!ran || cell != "1") return;
  if (!loadTierRules(db)) return;
  recalcTiers(db);
  queryCell(db, releaseLockSql("loyalty.tiers"));
}

void mergeMembers(MYSQL *db, long from, long into) {
  const Cell lock = queryCell(db, getLockSql("loyalty.merge", 5));
  if (lock.second != "0") {
    merge(db, from, into);
    queryCell(db, releaseLockSql("loyalty.merge"));
  }
}

void mergeHousehold(MYSQL *db, long from, long into) {
  if (queryCellAsync(db, getLockSql("loyalty.household", 5)).get() == Cell{true, "1"}) {
    merge(db, from, into);
    queryCell(db, releaseLockSql("loyalty.household"));
  }
}

}  // namespace loyalty
