#include "db_locks.h"
#include <cstring>

namespace billing {

bool DbLocks::tryLockAccount(long account) {
  std::string query = "SELECT pg_try_advisory_lock(" + std::to_string(account) + ")";
  PGresult *res = PQexec(pg_, query.c_str());
  bool taken = PQresultStatus(res) == PGRES_TUPLES_OK && strcmp(PQgetvalue(res, 0, 0), "t") == 0;
  PQclear(res);
  return taken;
}

void DbLocks::unlockAccount(long account) {
  std::string query = "SELECT pg_advisory_unlock(" + std::to_string(account) + ")";
  PQclear(PQexec(pg_, query.c_str()));
}

bool DbLocks::tryClaimExport(const std::string &name) {
  std::string query = "SELECT GET_LOCK('" + name + "', 5)";
  if (mysql_query(my_, query.c_str()) != 0)
    return false;
  MYSQL_RES *answer = mysql_store_result(my_);
  if (!answer)
    return false;
  MYSQL_ROW row = mysql_fetch_row(answer);
  bool claimed = row && row[0] && strcmp(row[0], "1") == 0;
  mysql_free_result(answer);
  return claimed;
}

void DbLocks::releaseExport(const std::string &name) {
  std::string query = "SELECT RELEASE_LOCK('" + name + "')";
  mysql_query(my_, query.c_str());
  mysql_free_result(mysql_store_result(my_));
}

} // namespace billing
