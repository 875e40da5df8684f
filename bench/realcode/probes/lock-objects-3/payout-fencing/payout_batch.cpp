// Sends pending merchant payouts. A payout must leave the bank once, so each
// row is claimed with the lock's fencing token before money moves: the
// UPDATE only matches while our token is newer than any token that touched
// the row before.

#include "lease_lock.hpp"
#include "scope_exit.hpp"

#include <pqxx/pqxx>

#include <cstdio>
#include <string>

namespace payouts {

// SEPA adapter (payments-rails library).
class PayoutRail {
 public:
  bool transfer(const std::string& payout_id, const std::string& iban, int64_t cents);
};

int SendPayoutBatch(pqxx::connection& db, PayoutRail& rail, const std::string& merchant) {
  auto lock = NewLeaseLock("merchant:" + merchant, std::chrono::seconds(30));
  std::optional<int64_t> fence = lock->acquire();
  if (!fence) return 0;
  auto unlock = MakeScopeExit([&lock] { lock->release(); });

  pqxx::result pending;
  {
    pqxx::work tx(db);
    pending = tx.exec_params(
        "SELECT id, iban, amount_cents FROM payouts "
        "WHERE merchant_id = $1 AND status = 'pending' ORDER BY id LIMIT 100",
        merchant);
    tx.commit();
  }

  int sent = 0;
  for (const auto& row : pending) {
    const std::string id = row[0].as<std::string>();
    const std::string iban = row[1].as<std::string>();
    const int64_t cents = row[2].as<int64_t>();

    pqxx::work claim(db);
    pqxx::result r = claim.exec_params(
        "UPDATE payouts SET status = 'sending', last_fence = $2 "
        "WHERE id = $1 AND status = 'pending' AND last_fence < $2",
        id, *fence);
    claim.commit();
    if (r.affected_rows() != 1) {
      std::fprintf(stderr, "payouts: %s claimed by a newer holder, stopping\n", id.c_str());
      break;
    }

    const bool ok = rail.transfer(id, iban, cents);
    pqxx::work done(db);
    done.exec_params(
        "UPDATE payouts SET status = $2 WHERE id = $1 AND last_fence = $3",
        id, ok ? "sent" : "failed", *fence);
    done.commit();
    if (ok) ++sent;
  }
  return sent;
}

}  // namespace payouts
