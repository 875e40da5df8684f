#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "lease.h"

namespace payouts {

bool SendTransfers(PGconn* conn, const std::string& batch_id);

static std::string WorkerId() {
  char host[64] = {0};
  gethostname(host, sizeof(host) - 1);
  return std::string(host) + "/" + std::to_string(getpid());
}

bool RunPayoutBatch(PGconn* conn, const std::string& batch_id) {
  Lease lease(conn, "payout-batches", WorkerId());
  if (!lease.acquire(60)) return false;

  std::string fence = std::to_string(lease.fence());
  const char* params[2] = {batch_id.c_str(), fence.c_str()};
  PGresult* res = PQexecParams(conn,
      "UPDATE payout_batches SET status = 'sending', fence_token = $2 "
      "WHERE id = $1 AND fence_token < $2::bigint",
      2, nullptr, params, nullptr, nullptr, 0);
  bool claimed = PQresultStatus(res) == PGRES_COMMAND_OK && std::strcmp(PQcmdTuples(res), "1") == 0;
  PQclear(res);
  if (!claimed) {
    lease.release();
    return false;
  }

  if (!SendTransfers(conn, batch_id)) {
    std::fprintf(stderr, "batch %s: transfer failed\n", batch_id.c_str());
    return false;
  }
  lease.release();
  return true;
}

bool SettleFees(PGconn* conn, const std::string& account_id, const std::string& cents) {
  Lease lease(conn, "fee-settlement", WorkerId());
  if (!lease.acquire(30)) return false;

  const char* params[2] = {account_id.c_str(), cents.c_str()};
  PGresult* res = PQexecParams(conn,
      "UPDATE accounts SET balance = balance - $2::bigint, fees_settled_at = now() "
      "WHERE id = $1",
      2, nullptr, params, nullptr, nullptr, 0);
  bool ok = PQresultStatus(res) == PGRES_COMMAND_OK;
  PQclear(res);
  lease.release();
  return ok;
}

void ReconcileLedger(PGconn* conn) {
  Lease lease(conn, "ledger-reconcile", WorkerId());
  lease.acquire(300);
  PGresult* res = PQexec(conn, "CALL reconcile_ledger()");
  if (PQresultStatus(res) != PGRES_COMMAND_OK)
    std::fprintf(stderr, "reconcile: %s", PQerrorMessage(conn));
  PQclear(res);
  lease.release();
}

void LeaderLoop(PGconn* conn) {
  Lease lease(conn, "payout-leader", WorkerId());
  while (!lease.acquire(30)) {
    sleep(5);
  }
  for (;;) {
    if (!lease.renew(30)) break;
    sleep(10);
  }
}

}  // namespace payouts
