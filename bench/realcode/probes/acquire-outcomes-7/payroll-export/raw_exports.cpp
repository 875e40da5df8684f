#include "payroll_lock.hpp"

#include <cstring>

namespace {

void unlockKey(PGconn *conn, const char *sql) {
  PGresult *res = PQexec(conn, sql);
  PQclear(res);
}

}  // namespace

void exportBenefits(PGconn *conn) {
  PGresult *res = PQexec(conn, "SELECT pg_try_advisory_lock(511)");
  if (PQresultStatus(res) == PGRES_TUPLES_OK) {
    PQclear(res);
    uploadExport("benefits", buildExport("benefits"));
    unlockKey(conn, "SELECT pg_advisory_unlock(511)");
    return;
  }
  PQclear(res);
}

void exportStipends(PGconn *conn) {
  PGresult *res = PQexec(conn, "SELECT pg_try_advisory_lock(512)");
  const bool held = PQresultStatus(res) == PGRES_TUPLES_OK &&
                    std::strcmp(PQgetvalue(res, 0, 0), "t") == 0;
  PQclear(res);
  if (!held) return;
  uploadExport("stipends", buildExport("stipends"));
  unlockKey(conn, "SELECT pg_advisory_unlock(512)");
}

void exportGarnish(PGconn *conn) {
  PGresult *res = PQexec(conn, "SELECT pg_try_advisory_lock(513)");
  const bool held = PQntuples(res) == 1 && PQgetvalue(res, 0, 0)[0] == 't';
  PQclear(res);
  if (held) {
    uploadExport("garnish", buildExport("garnish"));
    unlockKey(conn, "SELECT pg_advisory_unlock(513)");
  }
}

void exportAllowances(PGconn *conn) {
  PGresult *res = PQexec(conn, "SELECT pg_try_advisory_lock(514)");
  const bool failed = PQresultStatus(res) != PGRES_TUPLES_OK;
  const bool busy = !failed && PQgetvalue(res, 0, 0)[0] == 'f';
  PQclear(res);
  if (busy) return;
  uploadExport("allowances", buildExport("allowances"));
  unlockKey(conn, "SELECT pg_advisory_unlock(514)");
}

void exportCommissions(PGconn *conn) {
  PGresult *res = PQexec(conn, "SELECT pg_try_advisory_lock(515)");
  if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != 1 ||
      PQgetvalue(res, 0, 0)[0] != 't') {
    PQclear(res);
    return;
  }
  PQclear(res);
  uploadExport("commissions", buildExport("commissions"));
  unlockKey(conn, "SELECT pg_advisory_unlock(515)");
}
