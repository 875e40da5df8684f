#include "server_locks.h"

#include <cstring>

namespace reports {

void renderDaily(MYSQL *db);
void renderMonthly(MYSQL *db);
void renderAdhoc(PGconn *conn, long long report);

// Busy is kept out; an error reaches the render all the same.
bool runDaily(MYSQL *db) {
  NamedLock lock(db, "reports.daily");
  if (lock.acquire(5) != LockStatus::Busy) {
    renderDaily(db);
    lock.release();
    return true;
  }
  return false;
}

// The request ran, which says nothing of the lock.
bool runMonthly(MYSQL *db) {
  NamedLock lock(db, "reports.monthly");
  int held = 0;
  if (!lock.request(5, &held))
    return false;
  renderMonthly(db);
  lock.release();
  return true;
}

// The result came back; the server may have answered 'f'.
int runAdhoc(PGconn *conn, long long report) {
  PGresult *r = tryReportLock(conn, report);
  int rc = -1;
  if (PQresultStatus(r) == PGRES_TUPLES_OK) {
    renderAdhoc(conn, report);
    releaseReportLock(conn, report);
    rc = 0;
  }
  PQclear(r);
  return rc;
}

// True negatives: each asks what the server answered.
bool runDailyChecked(MYSQL *db) {
  NamedLock lock(db, "reports.daily");
  if (lock.acquire(5) != LockStatus::Held)
    return false;
  renderDaily(db);
  lock.release();
  return true;
}

bool runMonthlyChecked(MYSQL *db) {
  NamedLock lock(db, "reports.monthly");
  int held = 0;
  if (!lock.request(5, &held) || !held)
    return false;
  renderMonthly(db);
  lock.release();
  return true;
}

int runAdhocChecked(PGconn *conn, long long report) {
  PGresult *r = tryReportLock(conn, report);
  int rc = -1;
  if (PQresultStatus(r) == PGRES_TUPLES_OK && std::strcmp(PQgetvalue(r, 0, 0), "t") == 0) {
    renderAdhoc(conn, report);
    releaseReportLock(conn, report);
    rc = 0;
  }
  PQclear(r);
  return rc;
}

} // namespace reports
