// A helper that builds its SQL from its own parameters (`snprintf(sql, n,
// "SELECT %s(%ld)", fn, key)`) runs, at each call, that text with the call's
// arguments in their places: the lock function it is handed is read there.
// RUN: %check_distlock %s distlock-acquire-unchecked,distlock-unbounded-acquire %t -- -std=c11 -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked,distlock-unbounded-acquire %t-plugin -- -std=c11 -I/usr/include/postgresql

#include <libpq-fe.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

void openValves(PGconn *conn);

static PGresult *runKeyed(PGconn *conn, const char *fn, long key) {
  char sql[96];
  snprintf(sql, sizeof sql, "SELECT %s(%ld)", fn, key);
  return PQexec(conn, sql);
}

// The answer dropped: the valves open whether or not the lock was taken.
void irrigateNorth(PGconn *conn) {
  PQclear(runKeyed(conn, "pg_try_advisory_lock", 4101));
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: {{.*}}pg_try_advisory_lock{{.*}} [distlock-acquire-unchecked]
  openValves(conn);
  PQclear(runKeyed(conn, "pg_advisory_unlock", 4101));
}

// The cell read as PostgreSQL's true: silent.
void irrigateSouth(PGconn *conn) {
  PGresult *res = runKeyed(conn, "pg_try_advisory_lock", 4102);
  bool held = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 &&
              strcmp(PQgetvalue(res, 0, 0), "t") == 0;
  PQclear(res);
  if (!held)
    return;
  openValves(conn);
  PQclear(runKeyed(conn, "pg_advisory_unlock", 4102));
}

// The blocking lock through the same helper, with no lock_timeout first.
void irrigateEast(PGconn *conn) {
  PQclear(runKeyed(conn, "pg_advisory_lock", 4103));
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'pg_advisory_lock' waits for the lock with no bound; no lock_timeout is set on this connection first [distlock-unbounded-acquire]
  openValves(conn);
  PQclear(runKeyed(conn, "pg_advisory_unlock", 4103));
}
