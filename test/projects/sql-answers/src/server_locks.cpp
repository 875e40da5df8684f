#include "server_locks.h"

#include <cstdio>
#include <cstdlib>

namespace reports {

bool NamedLock::request(int timeoutSeconds, int *held) {
  *held = 0;
  std::string sql = "SELECT GET_LOCK('" + name_ + "', " + std::to_string(timeoutSeconds) + ")";
  if (mysql_query(db_, sql.c_str()) != 0)
    return false;
  MYSQL_RES *res = mysql_store_result(db_);
  if (res == nullptr)
    return false;
  MYSQL_ROW row = mysql_fetch_row(res);
  if (row == nullptr || row[0] == nullptr) {
    mysql_free_result(res);
    return false;
  }
  *held = std::atoi(row[0]) == 1 ? 1 : 0;
  mysql_free_result(res);
  return true;
}

LockStatus NamedLock::acquire(int timeoutSeconds) {
  int held = 0;
  if (!request(timeoutSeconds, &held))
    return LockStatus::Error;
  return held ? LockStatus::Held : LockStatus::Busy;
}

void NamedLock::release() {
  std::string sql = "SELECT RELEASE_LOCK('" + name_ + "')";
  if (mysql_query(db_, sql.c_str()) == 0)
    if (MYSQL_RES *res = mysql_store_result(db_))
      mysql_free_result(res);
}

PGresult *tryReportLock(PGconn *conn, long long report) {
  std::string key = std::to_string(report);
  const char *values[1] = {key.c_str()};
  return PQexecParams(conn, "SELECT pg_try_advisory_lock(7, $1::int)", 1, nullptr, values,
                      nullptr, nullptr, 0);
}

void releaseReportLock(PGconn *conn, long long report) {
  std::string key = std::to_string(report);
  const char *values[1] = {key.c_str()};
  PQclear(PQexecParams(conn, "SELECT pg_advisory_unlock(7, $1::int)", 1, nullptr, values, nullptr,
                       nullptr, 0));
}

} // namespace reports
