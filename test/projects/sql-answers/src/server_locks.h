#pragma once

#include <libpq-fe.h>
#include <mysql.h>
#include <string>

namespace reports {

enum class LockStatus { Held, Busy, Error };

// A MySQL named lock, taken with GET_LOCK on the session of db_.
class NamedLock {
public:
  NamedLock(MYSQL *db, std::string name) : db_(db), name_(std::move(name)) {}

  // True when the query ran; *held says whether the server granted it.
  bool request(int timeoutSeconds, int *held);
  LockStatus acquire(int timeoutSeconds);
  void release();

private:
  MYSQL *db_;
  std::string name_;
};

// The result of pg_try_advisory_lock for this report; the caller reads it.
PGresult *tryReportLock(PGconn *conn, long long report);
void releaseReportLock(PGconn *conn, long long report);

} // namespace reports
