#pragma once

#include <stdexcept>
#include <string>

#include <libpq-fe.h>

struct LockFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// pg_try_advisory_lock answered 'f'.
struct LockBusy : LockFailure {
  using LockFailure::LockFailure;
};
// The statement failed (connection, permissions, ...).
struct LockError : LockFailure {
  using LockFailure::LockFailure;
};

// Session advisory lock on key_. lock() returns only when the lock is held;
// it throws LockBusy or LockError otherwise.
class AdvisoryLock {
 public:
  AdvisoryLock(PGconn *conn, long key) : conn_(conn), key_(key) {}
  void lock();
  bool unlock();
  bool held() const { return held_; }

 private:
  PGconn *conn_;
  long key_;
  bool held_ = false;
};

// RAII: the constructor locks (and propagates the exception), the
// destructor unlocks.
class ScopedAdvisory {
 public:
  ScopedAdvisory(PGconn *conn, long key);
  ~ScopedAdvisory();
  ScopedAdvisory(const ScopedAdvisory &) = delete;
  ScopedAdvisory &operator=(const ScopedAdvisory &) = delete;

 private:
  AdvisoryLock lock_;
};

bool compactTable(PGconn *conn, const std::string &table);
void logLine(const std::string &msg);
