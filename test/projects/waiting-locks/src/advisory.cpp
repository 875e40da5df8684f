#include "advisory.h"

bool AdvisoryLock::exec(const std::string &sql) {
  PGresult *res = PQexec(conn_, sql.c_str());
  bool ok = PQresultStatus(res) == PGRES_TUPLES_OK || PQresultStatus(res) == PGRES_COMMAND_OK;
  PQclear(res);
  return ok;
}

bool AdvisoryLock::lock() {
  if (!exec("SET lock_timeout = '5s'"))
    return false;
  return exec("SELECT pg_advisory_lock(" + std::to_string(key_) + ")");
}

bool AdvisoryLock::unlock() {
  return exec("SELECT pg_advisory_unlock(" + std::to_string(key_) + ")");
}
