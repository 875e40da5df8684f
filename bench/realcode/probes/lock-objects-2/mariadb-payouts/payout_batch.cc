// payout_batch.cc - sends approved seller payouts to the bank file.
#include <iostream>
#include <string>

#include "named_lock.h"

namespace payouts {

struct PayoutConfig {
  std::string currency = "EUR";
  int lock_timeout_s = 5;
  int max_rows = 1000;
};

static bool Exec(MYSQL* db, const std::string& sql, long* affected = nullptr) {
  if (mysql_real_query(db, sql.c_str(), sql.size()) != 0) {
    std::cerr << "payouts: " << mysql_error(db) << '\n';
    return false;
  }
  if (affected != nullptr) *affected = static_cast<long>(mysql_affected_rows(db));
  return true;
}

long RunPayoutBatch(MYSQL* db, const PayoutConfig& cfg) {
  NamedLock lock(db, "payouts:" + cfg.currency, cfg.lock_timeout_s);
  if (lock.Acquire() == -1) {
    std::cerr << "payouts: could not talk to the lock service\n";
    return -1;
  }

  long sent = 0;
  const std::string sql =
      "UPDATE payouts SET status = 'sent', sent_at = NOW() WHERE status = 'approved' "
      "AND currency = '" + cfg.currency + "' LIMIT " + std::to_string(cfg.max_rows);
  if (!Exec(db, sql, &sent)) sent = -1;

  lock.Release();
  return sent;
}

long RunPayoutReport(MYSQL* db, const PayoutConfig& cfg) {
  NamedLock lock(db, "payouts-report:" + cfg.currency, cfg.lock_timeout_s);
  if (lock.Acquire() != 1) {
    std::clog << "payout report already running\n";
    return 0;
  }
  long rows = 0;
  const bool ok = Exec(db,
                       "INSERT INTO payout_reports(day, currency, total) "
                       "SELECT CURDATE(), currency, SUM(amount) FROM payouts "
                       "WHERE status = 'sent' AND DATE(sent_at) = CURDATE() "
                       "AND currency = '" + cfg.currency + "' GROUP BY currency",
                       &rows);
  lock.Release();
  return ok ? rows : -1;
}

}  // namespace payouts
