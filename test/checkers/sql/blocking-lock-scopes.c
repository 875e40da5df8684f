// A blocking pg_advisory_lock opens a scope like a try-lock does: it holds
// once its query ran, and an exit before pg_advisory_unlock leaves the
// session lock held until the connection closes. The test of whether the
// query ran is where the scope begins.
// RUN: %check_distlock %s distlock-release-not-on-every-path,distlock-acquire-unchecked %t -- -std=c11 -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin %s distlock-release-not-on-every-path,distlock-acquire-unchecked %t-plugin -- -std=c11 -I/usr/include/postgresql

#include <libpq-fe.h>
#include <stdbool.h>
#include <stdio.h>

/// Runs one statement; true when it succeeded.
static bool run(PGconn *conn, const char *sql) {
  PGresult *res = PQexec(conn, sql);
  bool ok = PQresultStatus(res) == PGRES_COMMAND_OK || PQresultStatus(res) == PGRES_TUPLES_OK;
  PQclear(res);
  return ok;
}

/// Lets lock 77 go.
static bool unlock77(PGconn *conn) { return run(conn, "SELECT pg_advisory_unlock(77)"); }

bool compactPartition(PGconn *conn, int part) {
  char sql[128];
  if (!run(conn, "SET lock_timeout = '5s'"))
    return false;
  if (!run(conn, "SELECT pg_advisory_lock(77)"))
    return false;
  snprintf(sql, sizeof sql, "UPDATE parts SET compacted_at = now() WHERE id = %d", part);
  if (!run(conn, sql)) {
    fprintf(stderr, "compact %d failed\n", part);
    return false;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'return' leaves the scope of an advisory lock before 'pg_advisory_unlock': a session-level lock stays held until the connection closes, which in a pool may be never [distlock-release-not-on-every-path]
    // CHECK-MESSAGES: :[[@LINE-7]]:8: note: lock acquired here
  }
  return unlock77(conn);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: note: the lock is released here on the other paths
}

// Directly with libpq, the answer never read: still held from the call on.
void rebuildIndex(PGconn *conn) {
  PQclear(PQexec(conn, "SET lock_timeout = '5s'"));
  PQclear(PQexec(conn, "SELECT pg_advisory_lock(78)"));
  if (!run(conn, "REINDEX TABLE parts"))
    return;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'return' leaves the scope of an advisory lock before 'pg_advisory_unlock'
  PQclear(PQexec(conn, "SELECT pg_advisory_unlock(78)"));
}

// Released on every path: silent. The failed take leaves holding nothing.
bool compactReleased(PGconn *conn, int part) {
  char sql[128];
  if (!run(conn, "SET lock_timeout = '5s'"))
    return false;
  if (!run(conn, "SELECT pg_advisory_lock(77)"))
    return false;
  snprintf(sql, sizeof sql, "UPDATE parts SET compacted_at = now() WHERE id = %d", part);
  bool ok = run(conn, sql);
  if (!unlock77(conn))
    return false;
  return ok;
}

// A transaction-level lock ends with its transaction: no release to skip.
bool archiveInTransaction(PGconn *conn) {
  if (!run(conn, "BEGIN"))
    return false;
  if (!run(conn, "SELECT pg_advisory_xact_lock(79)")) {
    run(conn, "ROLLBACK");
    return false;
  }
  if (!run(conn, "INSERT INTO archive SELECT * FROM parts WHERE sealed")) {
    run(conn, "ROLLBACK");
    return false;
  }
  return run(conn, "COMMIT");
}

// A take that is a branch of a test, not in its condition, is not tested by
// it: the test is read as no answer (and nothing breaks on the way).
void lockOrNot(PGconn *conn, int wait) {
  if (wait)
    run(conn, "SELECT pg_advisory_lock(81)");
  else
    return;
  run(conn, "UPDATE parts SET sealed = true");
  run(conn, "SELECT pg_advisory_unlock(81)");
}

