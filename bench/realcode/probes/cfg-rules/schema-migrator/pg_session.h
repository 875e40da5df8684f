// Thin libpq session wrapper used by the migrator.
#pragma once

#include <cstdint>
#include <string>
#include <libpq-fe.h>

constexpr int64_t kMigrationKey = 0x5eed0001;

class PgSession {
public:
  explicit PgSession(const std::string &conninfo);
  ~PgSession();
  PgSession(const PgSession &) = delete;
  PgSession &operator=(const PgSession &) = delete;

  bool ok() const;
  // True when the statement ran (COMMAND_OK / TUPLES_OK).
  bool exec(const std::string &sql);
  // First cell of the first row, "" on error or no rows.
  std::string scalar(const std::string &sql);
  PGconn *raw() const { return conn_; }

private:
  PGconn *conn_;
};

// Session advisory lock released in the destructor when held.
class SessionLockGuard {
public:
  SessionLockGuard(PgSession &s, int64_t key) : s_(s), key_(key) {}
  ~SessionLockGuard();
  // pg_try_advisory_lock; true only for 't'.
  bool tryAcquire();

private:
  PgSession &s_;
  int64_t key_;
  bool held_ = false;
};
