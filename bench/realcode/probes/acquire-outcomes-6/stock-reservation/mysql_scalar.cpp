#include "mysql_scalar.h"

#include <cstdlib>

namespace stock {

bool fetch_long(MYSQL *db, const char *sql, long *out) {
  if (mysql_query(db, sql) != 0) return false;
  MYSQL_RES *res = mysql_store_result(db);
  if (res == nullptr) return false;
  MYSQL_ROW row = mysql_fetch_row(res);
  const bool gotRow = row != nullptr;
  if (gotRow) *out = row[0] != nullptr ? std::strtol(row[0], nullptr, 10) : -1;
  mysql_free_result(res);
  return gotRow;
}

}  // namespace stock
