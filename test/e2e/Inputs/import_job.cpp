// An import job that holds a session-level advisory lock and returns early
// when its batch is invalid, skipping pg_advisory_unlock. The connection
// stays open, as a pooled one does: the test shows another session cannot
// take the lock after the function has returned.
#include <libpq-fe.h>
#include <cstdio>

static bool tryLock(PGconn *conn, const char *sql) {
  PGresult *result = PQexec(conn, sql);
  bool taken = PQresultStatus(result) == PGRES_TUPLES_OK && PQgetvalue(result, 0, 0)[0] == 't';
  PQclear(result);
  return taken;
}

static void runImport(PGconn *conn, bool batchValid) {
  PGresult *taken = PQexec(conn, "SELECT pg_try_advisory_lock(2002)");
  bool held = PQresultStatus(taken) == PGRES_TUPLES_OK && PQgetvalue(taken, 0, 0)[0] == 't';
  PQclear(taken);
  if (!held)
    return;
  if (!batchValid)
    return;
  PQclear(PQexec(conn, "SELECT pg_advisory_unlock(2002)"));
}

int main() {
  PGconn *pooled = PQconnectdb("");
  PGconn *other = PQconnectdb("");
  if (PQstatus(pooled) != CONNECTION_OK || PQstatus(other) != CONNECTION_OK) {
    std::fprintf(stderr, "connect: %s", PQerrorMessage(pooled));
    return 2;
  }
  runImport(pooled, true);
  std::printf("after a valid batch, another session acquires: %s\n",
              tryLock(other, "SELECT pg_try_advisory_lock(2002)") ? "yes" : "no");
  PQclear(PQexec(other, "SELECT pg_advisory_unlock(2002)"));
  runImport(pooled, false);
  std::printf("after an invalid batch, another session acquires: %s\n",
              tryLock(other, "SELECT pg_try_advisory_lock(2002)") ? "yes" : "no");
  PQfinish(other);
  PQfinish(pooled);
  return 0;
}
