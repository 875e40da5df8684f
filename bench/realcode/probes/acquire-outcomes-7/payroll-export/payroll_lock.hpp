#pragma once

#include <string>

#include <libpq-fe.h>

class PgSession {
 public:
  explicit PgSession(PGconn *conn) : conn_(conn) {}

  // Runs sql; returns true when it produced one row. out receives the first
  // cell, or "" when the statement failed.
  bool scalar(const std::string &sql, std::string &out);
  // Runs a parameterised command; true on PGRES_COMMAND_OK with >= 1 row hit.
  bool update(const char *sql, const std::string &p1, const std::string &p2);
  PGconn *raw() const { return conn_; }

 private:
  PGconn *conn_;
};

struct LockOutcome {
  bool ran = false;      // the pg_try_advisory_lock statement ran
  bool granted = false;  // ... and answered 't'
  long fence = 0;        // nextval('payroll_fence') when granted, else 0
};

// Session advisory lock on key_, with a fencing number from a sequence.
class PayrollLock {
 public:
  PayrollLock(PgSession &session, long key) : session_(session), key_(key) {}
  LockOutcome tryAcquire();
  bool release();

 private:
  PgSession &session_;
  long key_;
};

std::string buildExport(const std::string &kind);
void uploadExport(const std::string &kind, const std::string &body);
