#include "named_lock.hpp"

#include <cstring>
#include <utility>

NamedLock::NamedLock(MYSQL *db, std::string name, int wait_s)
    : db_(db), name_(std::move(name)), wait_s_(wait_s) {}

LockStatus NamedLock::scalar(const std::string &sql) {
  if (mysql_query(db_, sql.c_str()) != 0) return LockStatus::kError;
  MYSQL_RES *res = mysql_store_result(db_);
  if (res == nullptr) return LockStatus::kError;
  MYSQL_ROW row = mysql_fetch_row(res);
  LockStatus st = LockStatus::kError;
  if (row != nullptr && row[0] != nullptr)
    st = std::strcmp(row[0], "1") == 0 ? LockStatus::kAcquired
                                       : LockStatus::kBusy;
  mysql_free_result(res);
  return st;
}

LockStatus NamedLock::acquire() {
  return scalar("SELECT GET_LOCK('" + name_ + "', " +
                std::to_string(wait_s_) + ")");
}

bool NamedLock::release() {
  return scalar("SELECT RELEASE_LOCK('" + name_ + "')") ==
         LockStatus::kAcquired;
}

// IS_FREE_LOCK answers 1 when nobody holds the name; reuses the 1/0/NULL
// decoding, so kAcquired here means "free".
bool NamedLock::looksFree() {
  return scalar("SELECT IS_FREE_LOCK('" + name_ + "')") == LockStatus::kAcquired;
}

LockStatus NamedLock::acquireWithRetries(int attempts) {
  LockStatus st = LockStatus::kError;
  for (int i = 0; i < attempts; ++i) {
    st = acquire();
    if (st != LockStatus::kBusy) break;
  }
  return st;
}

NamedLockGuard::NamedLockGuard(MYSQL *db, std::string name, int wait_s)
    : lock_(db, std::move(name), wait_s), status_(lock_.acquire()) {}

NamedLockGuard::~NamedLockGuard() {
  if (status_ == LockStatus::kAcquired && !lock_.release())
    logLine("RELEASE_LOCK failed for " + lock_.name());
}
