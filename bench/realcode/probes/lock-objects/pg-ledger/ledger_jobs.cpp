#include <cstdio>
#include <cstdlib>
#include <string>

#include "advisory_lock.h"

namespace ledger {
namespace {

constexpr int64_t kPostingLockId = 0x4c45444745520001;
constexpr int64_t kArchiveLockId = 0x4c45444745520002;
constexpr int64_t kHeadLockId = 0x4c45444745520003;

bool ExecOk(PGconn* conn, const char* sql) {
  PGresult* res = PQexec(conn, sql);
  bool ok = PQresultStatus(res) == PGRES_COMMAND_OK;
  if (!ok) std::fprintf(stderr, "ledger: %s", PQerrorMessage(conn));
  PQclear(res);
  return ok;
}

}  // namespace

bool PostPendingEntries(PGconn* conn) {
  PgAdvisoryLock lk(conn, kPostingLockId);
  if (!lk.tryLock()) return false;

  PGresult* res = PQexec(conn,
      "INSERT INTO ledger_entries (account_id, amount, posted_at) "
      "SELECT account_id, amount, now() FROM pending_entries WHERE NOT posted");
  if (PQresultStatus(res) != PGRES_COMMAND_OK) {
    std::fprintf(stderr, "post failed: %s", PQerrorMessage(conn));
    PQclear(res);
    return false;
  }
  PQclear(res);
  ExecOk(conn, "UPDATE pending_entries SET posted = true WHERE NOT posted");
  lk.unlock();
  return true;
}

void RebuildBalances(PGconn* conn) {
  PgAdvisoryLock lk(conn, kPostingLockId);
  lk.lock();
  if (!lk.held()) return;
  ExecOk(conn,
         "UPDATE account_balances b SET balance = s.total FROM "
         "(SELECT account_id, sum(amount) AS total FROM ledger_entries "
         "GROUP BY account_id) s WHERE b.account_id = s.account_id");
  lk.unlock();
}

bool ArchiveMonth(PGconn* conn, const std::string& month) {
  PgAdvisoryLock lk(conn, kArchiveLockId);
  lk.tryLock();
  const char* params[1] = {month.c_str()};
  PGresult* res = PQexecParams(conn,
      "INSERT INTO ledger_archive SELECT * FROM ledger_entries "
      "WHERE to_char(posted_at, 'YYYY-MM') = $1",
      1, nullptr, params, nullptr, nullptr, 0);
  bool ok = PQresultStatus(res) == PGRES_COMMAND_OK;
  PQclear(res);
  lk.unlock();
  return ok;
}

bool PublishHead(PGconn* conn, const std::string& head_hash) {
  PgAdvisoryLock lk(conn, kHeadLockId);
  if (!lk.lockFor(2000)) return false;

  PGresult* seq = PQexec(conn, "SELECT nextval('ledger_head_fence')");
  if (PQresultStatus(seq) != PGRES_TUPLES_OK) {
    PQclear(seq);
    lk.unlock();
    return false;
  }
  std::string fence = PQgetvalue(seq, 0, 0);
  PQclear(seq);

  const char* params[2] = {fence.c_str(), head_hash.c_str()};
  PGresult* res = PQexecParams(conn,
      "UPDATE ledger_head SET head = $2, fence_token = $1 "
      "WHERE id = 1 AND fence_token < $1::bigint",
      2, nullptr, params, nullptr, nullptr, 0);
  bool ok = PQresultStatus(res) == PGRES_COMMAND_OK &&
            std::atoi(PQcmdTuples(res)) == 1;
  PQclear(res);
  lk.unlock();
  return ok;
}

}  // namespace ledger
