// A migration step that waits for an advisory lock. The test applies
// distlock-unbounded-acquire's note fix-it, builds the result against libpq
// and runs it while another session holds the lock.
#include <libpq-fe.h>
#include <cstdio>

static void report(const char *step, PGresult *result) {
  std::printf("%s: %s %s\n", step, PQresStatus(PQresultStatus(result)),
              PQresultStatus(result) == PGRES_TUPLES_OK && PQntuples(result) == 1
                  ? PQgetvalue(result, 0, 0)
                  : PQresultErrorMessage(result));
  PQclear(result);
}

static void waitForMigrationLock(PGconn *conn) {
  report("wait", PQexec(conn, "SELECT pg_advisory_lock(1001)"));
}

int main() {
  PGconn *holder = PQconnectdb("");
  PGconn *waiter = PQconnectdb("");
  if (PQstatus(holder) != CONNECTION_OK || PQstatus(waiter) != CONNECTION_OK) {
    std::fprintf(stderr, "connect: %s", PQerrorMessage(holder));
    return 2;
  }
  report("hold", PQexec(holder, "SELECT pg_try_advisory_lock(1001)"));
  waitForMigrationLock(waiter);
  // The limit was transaction-local: the session keeps its own setting.
  report("after", PQexec(waiter, "SHOW lock_timeout"));
  PQfinish(waiter);
  PQfinish(holder);
  return 0;
}
