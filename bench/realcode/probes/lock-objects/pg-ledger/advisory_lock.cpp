#include "advisory_lock.h"

#include <cstdio>
#include <cstring>

namespace ledger {

PgAdvisoryLock::PgAdvisoryLock(PGconn* conn, int64_t key)
    : conn_(conn), key_(key), key_text_(std::to_string(key)) {}

bool PgAdvisoryLock::tryLock() {
  const char* params[1] = {key_text_.c_str()};
  PGresult* res = PQexecParams(conn_, "SELECT pg_try_advisory_lock($1::bigint)",
                               1, nullptr, params, nullptr, nullptr, 0);
  held_ = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 &&
          std::strcmp(PQgetvalue(res, 0, 0), "t") == 0;
  PQclear(res);
  return held_;
}

bool PgAdvisoryLock::lockFor(int timeout_ms) {
  char sql[64];
  std::snprintf(sql, sizeof(sql), "SET lock_timeout = %d", timeout_ms);
  PQclear(PQexec(conn_, sql));

  const char* params[1] = {key_text_.c_str()};
  PGresult* res = PQexecParams(conn_, "SELECT pg_advisory_lock($1::bigint)", 1,
                               nullptr, params, nullptr, nullptr, 0);
  held_ = PQresultStatus(res) == PGRES_TUPLES_OK;
  PQclear(res);
  PQclear(PQexec(conn_, "RESET lock_timeout"));
  return held_;
}

void PgAdvisoryLock::lock() {
  const char* params[1] = {key_text_.c_str()};
  PGresult* res = PQexecParams(conn_, "SELECT pg_advisory_lock($1::bigint)", 1,
                               nullptr, params, nullptr, nullptr, 0);
  held_ = PQresultStatus(res) == PGRES_TUPLES_OK;
  if (!held_) std::fprintf(stderr, "advisory lock %lld: %s", (long long)key_,
                           PQerrorMessage(conn_));
  PQclear(res);
}

bool PgAdvisoryLock::unlock() {
  if (!held_) return false;
  const char* params[1] = {key_text_.c_str()};
  PGresult* res = PQexecParams(conn_, "SELECT pg_advisory_unlock($1::bigint)",
                               1, nullptr, params, nullptr, nullptr, 0);
  bool ok = PQresultStatus(res) == PGRES_TUPLES_OK &&
            std::strcmp(PQgetvalue(res, 0, 0), "t") == 0;
  PQclear(res);
  held_ = false;
  return ok;
}

}  // namespace ledger
