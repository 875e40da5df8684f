// A session-level PostgreSQL advisory lock on one connection, its key in a
// member.
#pragma once
#include <libpq-fe.h>
#include <string>

class AdvisoryLock {
public:
  AdvisoryLock(PGconn *conn, long key) : conn_(conn), key_(key) {}
  // Sets a lock_timeout, then waits in pg_advisory_lock; false on an error.
  bool lock();
  bool unlock();

private:
  bool exec(const std::string &sql);
  PGconn *conn_;
  long key_;
};
