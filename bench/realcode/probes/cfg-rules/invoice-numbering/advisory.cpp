#include "advisory.h"

#include <cstdio>
#include <cstring>

bool AdvisoryLock::exec(const std::string &sql) {
  PGresult *res = PQexec(conn_, sql.c_str());
  ExecStatusType st = PQresultStatus(res);
  PQclear(res);
  return st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK;
}

bool AdvisoryLock::scalarTrue(const std::string &sql) {
  PGresult *res = PQexec(conn_, sql.c_str());
  bool yes = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 &&
             std::strcmp(PQgetvalue(res, 0, 0), "t") == 0;
  PQclear(res);
  return yes;
}

bool AdvisoryLock::lock(std::chrono::milliseconds timeout) {
  if (!exec("SET lock_timeout = " + std::to_string(timeout.count()))) {
    return false;
  }
  return exec("SELECT pg_advisory_lock(" + std::to_string(key_) + ")");
}

bool AdvisoryLock::tryLock() {
  return scalarTrue("SELECT pg_try_advisory_lock(" + std::to_string(key_) + ")");
}

bool AdvisoryLock::unlock() {
  bool ok = scalarTrue("SELECT pg_advisory_unlock(" + std::to_string(key_) + ")");
  if (!ok) {
    std::fprintf(stderr, "advisory %lld: unlock answered false\n",
                 static_cast<long long>(key_));
  }
  return ok;
}

PGconn *numberingConn() {
  static PGconn *conn = PQconnectdb("service=numbering");
  return conn;
}
