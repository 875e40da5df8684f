#include "database.h"

bool Database::execute(const std::string &sql) {
  return mysql_real_query(db_, sql.data(), sql.size()) == 0;
}
