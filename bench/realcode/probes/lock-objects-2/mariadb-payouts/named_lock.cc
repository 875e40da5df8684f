#include "named_lock.h"

#include <cstdlib>
#include <iostream>
#include <vector>

namespace payouts {

NamedLock::NamedLock(MYSQL* db, std::string name, int timeout_s)
    : db_(db), name_(std::move(name)), timeout_s_(timeout_s) {
  std::vector<char> buf(name_.size() * 2 + 1);
  const unsigned long n = mysql_real_escape_string(db_, buf.data(), name_.c_str(), name_.size());
  quoted_name_ = "'" + std::string(buf.data(), n) + "'";
}

int NamedLock::QueryInt(const std::string& sql) {
  if (mysql_real_query(db_, sql.c_str(), sql.size()) != 0) {
    std::cerr << "named_lock " << name_ << ": " << mysql_error(db_) << '\n';
    return -1;
  }
  MYSQL_RES* res = mysql_store_result(db_);
  if (res == nullptr) return -1;
  int value = -1;
  MYSQL_ROW row = mysql_fetch_row(res);
  if (row != nullptr && row[0] != nullptr) value = std::atoi(row[0]);
  mysql_free_result(res);
  return value;
}

int NamedLock::Acquire() {
  return QueryInt("SELECT GET_LOCK(" + quoted_name_ + ", " + std::to_string(timeout_s_) + ")");
}

bool NamedLock::Release() {
  const int r = QueryInt("SELECT RELEASE_LOCK(" + quoted_name_ + ")");
  if (r != 1) std::cerr << "named_lock " << name_ << ": release returned " << r << '\n';
  return r == 1;
}

}  // namespace payouts
