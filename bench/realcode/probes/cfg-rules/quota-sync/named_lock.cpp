#include "named_lock.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

std::string NamedLock::quoted() const {
  std::vector<char> buf(name_.size() * 2 + 1);
  unsigned long n = mysql_real_escape_string(db_, buf.data(), name_.data(),
                                             name_.size());
  return "'" + std::string(buf.data(), n) + "'";
}

bool NamedLock::queryLong(const std::string &sql, long *out) {
  if (mysql_query(db_, sql.c_str()) != 0) {
    return false;
  }
  MYSQL_RES *res = mysql_store_result(db_);
  if (res == nullptr) {
    return false;
  }
  MYSQL_ROW row = mysql_fetch_row(res);
  bool ok = row != nullptr && row[0] != nullptr;
  if (ok) {
    *out = std::strtol(row[0], nullptr, 10);
  }
  mysql_free_result(res);
  return ok;
}

bool NamedLock::acquire(int timeout_s) {
  long v = 0;
  std::string sql = "SELECT GET_LOCK(" + quoted() + ", " +
                    std::to_string(timeout_s) + ")";
  return queryLong(sql, &v) && v == 1;
}

bool NamedLock::release() {
  long v = 0;
  return queryLong("SELECT RELEASE_LOCK(" + quoted() + ")", &v) && v == 1;
}

NamedLockGuard::~NamedLockGuard() {
  if (!lock_.release()) {
    std::fprintf(stderr, "named lock %s: release failed\n",
                 lock_.name().c_str());
  }
}
