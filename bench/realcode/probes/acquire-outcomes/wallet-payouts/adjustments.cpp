// Manual balance adjustments made by support staff.
#include <libpq-fe.h>

#include <cerrno>
#include <string>

#include "fence_lease.h"

namespace wallet {

int AdjustBalance(redisContext* rc, PGconn* db, const std::string& wallet_id,
                  long long delta_cents) {
  Lease lease;
  if (lease_acquire(rc, wallet_id, 10000, &lease) <= 0) return -EBUSY;

  const std::string delta = std::to_string(delta_cents);
  const char* params[2] = {delta.c_str(), wallet_id.c_str()};
  PGresult* res = PQexecParams(db, "UPDATE wallets SET balance = balance + $1::bigint WHERE id = $2", 2, nullptr, params, nullptr, nullptr, 0);
  const bool ok = PQresultStatus(res) == PGRES_COMMAND_OK;
  PQclear(res);
  lease_release(rc, lease);
  return ok ? 0 : -1;
}

int CloseWallet(redisContext* rc, PGconn* db, const std::string& wallet_id) {
  Lease lease;
  const long long fence = lease_acquire(rc, wallet_id, 10000, &lease);
  const std::string f = std::to_string(fence);
  const char* params[2] = {wallet_id.c_str(), f.c_str()};

  PGresult* res = fence > 0
      ? PQexecParams(db, "UPDATE wallets SET closed = true, last_fence = $2::bigint WHERE id = $1 AND last_fence < $2::bigint", 2, nullptr, params, nullptr, nullptr, 0)
      : nullptr;
  const int rc_out = res == nullptr ? -EBUSY
                   : (PQresultStatus(res) == PGRES_COMMAND_OK ? 0 : -1);
  if (res != nullptr) PQclear(res);
  if (fence > 0) lease_release(rc, lease);
  return rc_out;
}

}  // namespace wallet
