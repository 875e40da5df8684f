#include "named_lock.hpp"

#include <cstdio>
#include <vector>

namespace quota {

std::string NamedLock::quotedName() const {
  std::vector<char> buf(name_.size() * 2 + 1);
  unsigned long n = mysql_real_escape_string(conn_, buf.data(), name_.c_str(), name_.size());
  return "'" + std::string(buf.data(), n) + "'";
}

bool NamedLock::acquire(int timeoutSec) {
  const std::string sql = "SELECT GET_LOCK(" + quotedName() + ", " + std::to_string(timeoutSec) + ")";
  if (mysql_query(conn_, sql.c_str()) != 0) return false;

  MYSQL_RES* res = mysql_store_result(conn_);
  if (res == nullptr) return false;
  MYSQL_ROW row = mysql_fetch_row(res);
  held_ = row != nullptr && row[0] != nullptr && row[0][0] == '1';
  mysql_free_result(res);
  return held_;
}

void NamedLock::release() {
  const std::string sql = "SELECT RELEASE_LOCK(" + quotedName() + ")";
  if (mysql_query(conn_, sql.c_str()) == 0) {
    MYSQL_RES* res = mysql_store_result(conn_);
    if (res != nullptr) mysql_free_result(res);
  } else {
    std::fprintf(stderr, "RELEASE_LOCK %s failed: %s\n", name_.c_str(), mysql_error(conn_));
  }
  held_ = false;
}

}  // namespace quota
