// named_lock.h - MariaDB GET_LOCK/RELEASE_LOCK wrapper.
#ifndef PAYOUTS_NAMED_LOCK_H_
#define PAYOUTS_NAMED_LOCK_H_

#include <string>

#include <mysql.h>

namespace payouts {

// A user-level named lock held by the MariaDB connection `db`. The lock is
// released by Release() or when the connection closes.
class NamedLock {
 public:
  NamedLock(MYSQL* db, std::string name, int timeout_s);

  // Mirrors GET_LOCK: 1 = acquired, 0 = timed out waiting, -1 = error
  // (GET_LOCK returned NULL or the query itself failed).
  int Acquire();
  // True when RELEASE_LOCK returned 1 (we held it).
  bool Release();

  const std::string& name() const { return name_; }

 private:
  // Runs a single-value query; returns -1 on error/NULL, else the integer.
  int QueryInt(const std::string& sql);

  MYSQL* db_;
  std::string name_;
  std::string quoted_name_;
  int timeout_s_;
};

}  // namespace payouts

#endif  // PAYOUTS_NAMED_LOCK_H_
