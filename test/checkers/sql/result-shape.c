// RUN: %check_distlock %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t -- -std=c11 -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t-plugin -- -std=c11 -I/usr/include/postgresql

// A try-lock run by SQL answers in a cell: PostgreSQL fetches 'f' for a
// lock another session holds, in a result whose status is fine and which
// has its one row. A test of how the result came back (its status, its
// row count, a null pointer) tells an error from an answer, never a lock
// taken from one refused.

#include <libpq-fe.h>
#include <stddef.h>
#include <string.h>

int recompute(PGconn *conn);
int publish(PGconn *conn);

static PGresult *try_lock(PGconn *conn, const char *name) {
  const char *values[1] = {name};
  return PQexecParams(conn, "SELECT pg_try_advisory_lock(hashtext($1))", 1, NULL, values, NULL,
                      NULL, 0);
}

static void unlock(PGconn *conn, const char *name) {
  const char *values[1] = {name};
  PQclear(PQexecParams(conn, "SELECT pg_advisory_unlock(hashtext($1))", 1, NULL, values, NULL,
                       NULL, 0));
}

// The work runs whenever the query ran, 'f' too.
int refresh_when_ran(PGconn *conn) {
  PGresult *r = try_lock(conn, "pricing:all");
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: the result of 'try_lock' is tested only for whether the query ran, not for what the server answered: 'recompute' runs whether or not this process got the lock [distlock-acquire-unchecked]
  int rc = -1;
  if (r != NULL && PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1) {
    rc = recompute(conn);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: note: here, also when it was not taken
    unlock(conn, "pricing:all");
  }
  PQclear(r);
  return rc;
}

// Leaving on an error and going on with any answer is the same mistake.
int publish_after_status(PGconn *conn) {
  PGresult *r = PQexec(conn, "SELECT pg_try_advisory_lock(42)");
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: the result of 'pg_try_advisory_lock' is tested only for whether the query ran, not for what the server answered: 'publish' runs whether or not this process got the lock [distlock-acquire-unchecked]
  if (PQresultStatus(r) != PGRES_TUPLES_OK || PQntuples(r) != 1) {
    PQclear(r);
    return -1;
  }
  PQclear(r);
  int rc = publish(conn);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: note: here, also when it was not taken
  PQclear(PQexec(conn, "SELECT pg_advisory_unlock(42)"));
  return rc;
}

// True negatives: the status decides the error, the cell the lock.
int refresh_checked(PGconn *conn) {
  PGresult *r = try_lock(conn, "pricing:all");
  int rc = -1;
  if (PQresultStatus(r) == PGRES_TUPLES_OK && strcmp(PQgetvalue(r, 0, 0), "t") == 0) {
    rc = recompute(conn);
    unlock(conn, "pricing:all");
  }
  PQclear(r);
  return rc;
}

// An early return on an error, then the cell: the lock is held only after
// the second test, so the error's return leaves no lock behind.
long publish_checked(PGconn *conn) {
  PGresult *r = PQexec(conn, "SELECT pg_try_advisory_lock(43)");
  if (PQresultStatus(r) != PGRES_TUPLES_OK || PQntuples(r) != 1) {
    PQclear(r);
    return -1;
  }
  if (strcmp(PQgetvalue(r, 0, 0), "t") != 0) {
    PQclear(r);
    return 0;
  }
  PQclear(r);
  long rc = publish(conn);
  PQclear(PQexec(conn, "SELECT pg_advisory_unlock(43)"));
  return rc;
}

// A helper that leaves on an error and hands the cell's answer on leaves
// the test to its callers.
int try_named(PGconn *conn, const char *name, int *acquired) {
  const char *values[1] = {name};
  PGresult *r = PQexecParams(conn, "SELECT pg_try_advisory_lock(hashtext($1))", 1, NULL, values,
                             NULL, NULL, 0);
  *acquired = 0;
  if (PQresultStatus(r) != PGRES_TUPLES_OK || PQntuples(r) != 1) {
    PQclear(r);
    return -1;
  }
  *acquired = PQgetvalue(r, 0, 0)[0] == 't';
  PQclear(r);
  return 0;
}
