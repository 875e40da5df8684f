// Session-level PostgreSQL advisory lock on one connection, key in a member.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <libpq-fe.h>

class AdvisoryLock {
public:
  AdvisoryLock(PGconn *conn, int64_t key) : conn_(conn), key_(key) {}

  // Sets lock_timeout to the given value, then blocks in pg_advisory_lock.
  // PostgreSQL treats lock_timeout = 0 as "no timeout".
  bool lock(std::chrono::milliseconds timeout);
  // pg_try_advisory_lock: true only for 't'.
  bool tryLock();
  // pg_advisory_unlock: true only for 't'.
  bool unlock();

private:
  bool exec(const std::string &sql);
  bool scalarTrue(const std::string &sql);

  PGconn *conn_;
  int64_t key_;
};

class AdvisoryGuard {
public:
  explicit AdvisoryGuard(AdvisoryLock &l) : l_(l) {}
  ~AdvisoryGuard() { l_.unlock(); }
  AdvisoryGuard(const AdvisoryGuard &) = delete;
  AdvisoryGuard &operator=(const AdvisoryGuard &) = delete;

private:
  AdvisoryLock &l_;
};

// Process-wide connection to the numbering database.
PGconn *numberingConn();
