// MySQL user-level lock (GET_LOCK / RELEASE_LOCK) held on one connection.
#pragma once

#include <mysql/mysql.h>
#include <string>

class NamedLock {
public:
  NamedLock(MYSQL *db, std::string name) : db_(db), name_(std::move(name)) {}

  // GET_LOCK(name, timeout_s). A negative timeout waits without limit,
  // 0 does not wait. True only when the server answered 1.
  bool acquire(int timeout_s);
  // RELEASE_LOCK(name). True only when the server answered 1.
  bool release();
  const std::string &name() const { return name_; }

private:
  bool queryLong(const std::string &sql, long *out);
  std::string quoted() const;

  MYSQL *db_;
  std::string name_;
};

class NamedLockGuard {
public:
  explicit NamedLockGuard(NamedLock &lock) : lock_(lock) {}
  ~NamedLockGuard();
  NamedLockGuard(const NamedLockGuard &) = delete;
  NamedLockGuard &operator=(const NamedLockGuard &) = delete;

private:
  NamedLock &lock_;
};
