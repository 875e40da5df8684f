#include "loyalty_db.h"

namespace loyalty {

Cell queryCell(MYSQL *db, const std::string &sql) {
  if (mysql_real_query(db, sql.data(), sql.size()) != 0) return {false, std::string()};
  MYSQL_RES *res = mysql_store_result(db);
  if (res == nullptr) return {false, std::string()};
  Cell out{false, std::string()};
  if (MYSQL_ROW row = mysql_fetch_row(res)) {
    out.first = true;
    if (row[0] != nullptr) out.second = row[0];
  }
  mysql_free_result(res);
  return out;
}

std::future<Cell> queryCellAsync(MYSQL *db, std::string sql) {
  return std::async(std::launch::async, [db, sql = std::move(sql)] { return queryCell(db, sql); });
}

std::string getLockSql(const char *name, int timeoutSec) {
  return std::string("SELECT GET_LOCK('") + name + "', " + std::to_string(timeoutSec) + ")";
}

std::string releaseLockSql(const char *name) {
  return std::string("SELECT RELEASE_LOCK('") + name + "')";
}

}  // namespace loyalty
