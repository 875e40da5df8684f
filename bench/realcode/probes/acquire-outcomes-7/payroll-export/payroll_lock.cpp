#include "payroll_lock.hpp"

#include <cstdlib>

bool PgSession::scalar(const std::string &sql, std::string &out) {
  out.clear();
  PGresult *res = PQexec(conn_, sql.c_str());
  const bool ok = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1;
  if (ok) out = PQgetvalue(res, 0, 0);
  PQclear(res);
  return ok;
}

bool PgSession::update(const char *sql, const std::string &p1,
                       const std::string &p2) {
  const char *params[2] = {p1.c_str(), p2.c_str()};
  PGresult *res = PQexecParams(conn_, sql, 2, nullptr, params, nullptr, nullptr, 0);
  const bool ok = PQresultStatus(res) == PGRES_COMMAND_OK &&
                  std::atoi(PQcmdTuples(res)) > 0;
  PQclear(res);
  return ok;
}

LockOutcome PayrollLock::tryAcquire() {
  LockOutcome o;
  std::string cell;
  o.ran = session_.scalar(
      "SELECT pg_try_advisory_lock(" + std::to_string(key_) + ")", cell);
  o.granted = o.ran && cell == "t";
  if (o.granted && session_.scalar("SELECT nextval('payroll_fence')", cell))
    o.fence = std::atol(cell.c_str());
  return o;
}

bool PayrollLock::release() {
  std::string cell;
  return session_.scalar(
             "SELECT pg_advisory_unlock(" + std::to_string(key_) + ")", cell) &&
         cell == "t";
}
