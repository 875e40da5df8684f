#include <cstdio>
#include <stdexcept>
#include <string>

#include "pg_lease.hpp"

// bank transfer client (separate library); idempotent on payout id
bool bankTransfer(const std::string& payoutId, long long cents);

namespace billing {

int runPayouts(PGconn* conn, const std::string& host) {
  PgLease lease(conn, "payouts", host, 300);
  if (!lease.tryAcquire()) return 0;

  const std::string fence = std::to_string(lease.fence());
  PGresult* due = PQexec(conn, "SELECT id, amount_cents FROM payouts WHERE state = 'approved' ORDER BY id");
  if (PQresultStatus(due) != PGRES_TUPLES_OK) {
    PQclear(due);
    lease.release();
    return -1;
  }

  int sent = 0;
  for (int i = 0; i < PQntuples(due); ++i) {
    const std::string id = PQgetvalue(due, i, 0);
    const long long cents = std::stoll(PQgetvalue(due, i, 1));
    if (cents <= 0) {
      PQclear(due);
      throw std::domain_error("payout " + id + " has non-positive amount");
    }

    const char* params[2] = {id.c_str(), fence.c_str()};
    PGresult* claim = PQexecParams(conn, "UPDATE payouts SET state = 'sending', fence = $2::bigint WHERE id = $1 AND state = 'approved' AND fence < $2::bigint",
                                   2, nullptr, params, nullptr, nullptr, 0);
    const bool mine = PQresultStatus(claim) == PGRES_COMMAND_OK && std::string(PQcmdTuples(claim)) == "1";
    PQclear(claim);
    if (!mine) continue;

    if (bankTransfer(id, cents)) ++sent;
  }
  PQclear(due);
  lease.release();
  return sent;
}

}  // namespace billing
