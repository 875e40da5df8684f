// Issues approved refunds in bulk every few minutes.

#include "lease_lock.hpp"
#include "scope_exit.hpp"

#include <pqxx/pqxx>

#include <cstdio>
#include <string>

namespace payouts {

// Card network adapter (payments-rails library).
class RefundRail {
 public:
  bool refund(const std::string& refund_id, const std::string& card_token, int64_t cents);
};

int SweepRefunds(pqxx::connection& db, RefundRail& rail) {
  auto lock = NewLeaseLock("refund-sweeper", std::chrono::minutes(5));
  std::optional<int64_t> fence = lock->acquire();
  if (!fence) return 0;

  pqxx::result due;
  {
    pqxx::work tx(db);
    due = tx.exec(
        "SELECT id, card_token, amount_cents FROM refunds "
        "WHERE status = 'approved' ORDER BY approved_at LIMIT 500");
    tx.commit();
  }
  if (due.empty()) return 0;

  auto unlock = MakeScopeExit([&lock] { lock->release(); });

  int issued = 0;
  for (const auto& row : due) {
    const std::string id = row[0].as<std::string>();
    const std::string card = row[1].as<std::string>();
    const int64_t cents = row[2].as<int64_t>();

    if (!rail.refund(id, card, cents)) {
      std::fprintf(stderr, "refunds: %s declined by rail\n", id.c_str());
      continue;
    }

    pqxx::work tx(db);
    tx.exec_params("UPDATE refunds SET status = 'issued', issued_at = now() WHERE id = $1", id);
    tx.commit();
    ++issued;

    if (issued % 50 == 0 && !lock->extend()) {
      std::fprintf(stderr, "refunds: lease lost after %d refunds\n", issued);
      break;
    }
  }
  return issued;
}

}  // namespace payouts
