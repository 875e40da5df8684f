// Payout execution. Balances live in Postgres; the wallet lease lives in Redis
// and every balance write carries the lease's fencing number.
#include <libpq-fe.h>

#include <cerrno>
#include <string>
#include <vector>

#include "fence_lease.h"
#include "payment_rail.h"

namespace wallet {

namespace {

constexpr int kLeaseMs = 10000;

bool FencedDebit(PGconn* db, const std::string& wallet_id, long long cents, long long fence) {
  const std::string amount = std::to_string(cents);
  const std::string f = std::to_string(fence);
  const char* params[3] = {amount.c_str(), wallet_id.c_str(), f.c_str()};
  PGresult* res = PQexecParams(db, "UPDATE wallets SET balance = balance - $1::bigint, last_fence = $3::bigint WHERE id = $2 AND last_fence < $3::bigint", 3, nullptr, params, nullptr, nullptr, 0);
  const bool ok = PQresultStatus(res) == PGRES_COMMAND_OK && std::string(PQcmdTuples(res)) == "1";
  PQclear(res);
  return ok;
}

}  // namespace

int PayoutBatch(redisContext* rc, PGconn* db, const std::string& wallet_id,
                const std::vector<long long>& amounts) {
  Lease lease;
  const long long fence = lease_acquire(rc, wallet_id, kLeaseMs, &lease);
  if (fence <= 0) return fence == 0 ? -EBUSY : -EIO;

  int paid = 0;
  for (long long cents : amounts) {
    if (!FencedDebit(db, wallet_id, cents, fence)) break;
    SendToRail(wallet_id, cents);
    ++paid;
  }
  lease_release(rc, lease);
  return paid;
}

int RetryPayout(redisContext* rc, PGconn* db, const std::string& wallet_id, long long cents) {
  Lease lease;
  const long long fence = lease_acquire(rc, wallet_id, kLeaseMs, &lease);
  if (fence != 0) {
    const bool ok = SendToRail(wallet_id, cents) && FencedDebit(db, wallet_id, cents, fence);
    lease_release(rc, lease);
    return ok ? 0 : -1;
  }
  return -EBUSY;
}

int ReversePayout(redisContext* rc, PGconn* db, const std::string& wallet_id, long long cents) {
  Lease lease;
  const long long fence = lease_acquire(rc, wallet_id, kLeaseMs, &lease);
  const bool granted = fence > 0;

  // Build the audit note before deciding; it is cheap and logged either way.
  const std::string note = "reversal of " + std::to_string(cents) + " on " + wallet_id;
  if (!granted) return -EBUSY;

  const bool ok = FencedDebit(db, wallet_id, -cents, fence);
  lease_release(rc, lease);
  return ok ? 0 : -1;
}

int SettleLargePayout(redisContext* rc, PGconn* db, const std::string& wallet_id,
                      const std::vector<long long>& tranches) {
  Lease lease;
  const long long fence = lease_acquire(rc, wallet_id, kLeaseMs, &lease);
  if (fence < 1) return -EBUSY;

  int done = 0;
  for (long long cents : tranches) {
    lease_extend(rc, lease, kLeaseMs);
    if (!FencedDebit(db, wallet_id, cents, fence)) break;
    SendToRail(wallet_id, cents);
    ++done;
  }
  lease_release(rc, lease);
  return done;
}

}  // namespace wallet
