#include "advisory_lock.hpp"

#include <cstring>

namespace {

PGresult *callKeyed(PGconn *conn, const char *fn, long key) {
  const std::string sql = std::string("SELECT ") + fn + "(" + std::to_string(key) + ")";
  return PQexec(conn, sql.c_str());
}

}  // namespace

void AdvisoryLock::lock() {
  PGresult *res = callKeyed(conn_, "pg_try_advisory_lock", key_);
  if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != 1) {
    const std::string msg = PQerrorMessage(conn_);
    PQclear(res);
    throw LockError("advisory " + std::to_string(key_) + ": " + msg);
  }
  const bool granted = std::strcmp(PQgetvalue(res, 0, 0), "t") == 0;
  PQclear(res);
  if (!granted) throw LockBusy("advisory " + std::to_string(key_) + " busy");
  held_ = true;
}

bool AdvisoryLock::unlock() {
  if (!held_) return false;
  PGresult *res = callKeyed(conn_, "pg_advisory_unlock", key_);
  const bool ok = PQresultStatus(res) == PGRES_TUPLES_OK &&
                  PQgetvalue(res, 0, 0)[0] == 't';
  PQclear(res);
  held_ = !ok;
  return ok;
}

ScopedAdvisory::ScopedAdvisory(PGconn *conn, long key) : lock_(conn, key) {
  lock_.lock();
}

ScopedAdvisory::~ScopedAdvisory() {
  if (!lock_.unlock()) logLine("advisory unlock failed");
}
