// refund_sweep.cc - turns expired payout holds into refunds.
#include <iostream>
#include <string>

#include "named_lock.h"

namespace payouts {

long RunRefundSweep(MYSQL* db, int older_than_days) {
  NamedLock lock(db, "refund-sweep", 10);
  long refunded = 0;
  std::string sql;

  if (lock.Acquire() != 1) return 0;

  sql = "INSERT INTO refunds(payout_id, amount) SELECT id, amount FROM payouts "
        "WHERE status = 'held' AND held_at < NOW() - INTERVAL " +
        std::to_string(older_than_days) + " DAY";
  if (mysql_real_query(db, sql.c_str(), sql.size()) != 0) goto fail;
  refunded = static_cast<long>(mysql_affected_rows(db));

  sql = "UPDATE payouts SET status = 'refunded' WHERE status = 'held' "
        "AND held_at < NOW() - INTERVAL " + std::to_string(older_than_days) + " DAY";
  if (mysql_real_query(db, sql.c_str(), sql.size()) != 0) goto fail;

  lock.Release();
  return refunded;

fail:
  std::cerr << "refund sweep: " << mysql_error(db) << '\n';
  return -1;
}

long ExpireStaleHolds(MYSQL* db) {
  NamedLock lock(db, "hold-expiry", 10);
  if (lock.Acquire() != 1) return 0;

  const std::string sql =
      "UPDATE payouts SET status = 'approved' WHERE status = 'held' AND hold_reason = 'kyc' "
      "AND kyc_passed = 1";
  long n = -1;
  if (mysql_real_query(db, sql.c_str(), sql.size()) == 0)
    n = static_cast<long>(mysql_affected_rows(db));
  else
    std::cerr << "expire holds: " << mysql_error(db) << '\n';

  lock.Release();
  return n;
}

}  // namespace payouts
