#include "pg_session.h"

#include <cstdio>

PgSession::PgSession(const std::string &conninfo)
    : conn_(PQconnectdb(conninfo.c_str())) {}

PgSession::~PgSession() { PQfinish(conn_); }

bool PgSession::ok() const { return PQstatus(conn_) == CONNECTION_OK; }

bool PgSession::exec(const std::string &sql) {
  PGresult *res = PQexec(conn_, sql.c_str());
  ExecStatusType st = PQresultStatus(res);
  PQclear(res);
  return st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK;
}

std::string PgSession::scalar(const std::string &sql) {
  PGresult *res = PQexec(conn_, sql.c_str());
  std::string out;
  if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) > 0) {
    out = PQgetvalue(res, 0, 0);
  }
  PQclear(res);
  return out;
}

bool SessionLockGuard::tryAcquire() {
  held_ = s_.scalar("SELECT pg_try_advisory_lock(" + std::to_string(key_) +
                    ")") == "t";
  return held_;
}

SessionLockGuard::~SessionLockGuard() {
  if (held_ &&
      s_.scalar("SELECT pg_advisory_unlock(" + std::to_string(key_) + ")") !=
          "t") {
    std::fprintf(stderr, "migrator: unlock %lld failed\n", (long long)key_);
  }
}
