// RUN: %check_distlock %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t -- -std=c11 -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t-plugin -- -std=c11 -I/usr/include/postgresql

// A helper that runs its SQL and returns the first value it fetched: 1 for
// PostgreSQL's 't', 0 for 'f', and -1 when the query failed. A try-lock
// run through it answers 1, 0 or -1, and its callers' tests are read
// against those values.

#include <libpq-fe.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DB_ERR (-1)

static long long db_scalar(PGconn *conn, const char *fmt, ...) {
  char sql[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(sql, sizeof sql, fmt, ap);
  va_end(ap);
  PGresult *res = PQexec(conn, sql);
  long long out = DB_ERR;
  if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1) {
    const char *v = PQgetvalue(res, 0, 0);
    if (strcmp(v, "t") == 0)
      out = 1;
    else if (strcmp(v, "f") == 0)
      out = 0;
    else
      out = strtoll(v, NULL, 10);
  }
  PQclear(res);
  return out;
}

void rebuild_totals(PGconn *conn, int account);

// Only an error stops it: a lock another session holds (0) goes on.
int reconcile(PGconn *conn, int account) {
  if (db_scalar(conn, "SELECT pg_try_advisory_lock(%d)", account) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: the result of 'pg_try_advisory_lock' is tested, but 'rebuild_totals' runs whether or not this process got the lock [distlock-acquire-unchecked]
    return -1;
  rebuild_totals(conn, account);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
  db_scalar(conn, "SELECT pg_advisory_unlock(%d)", account);
  return 0;
}

// Asks for 1 exactly: silent.
int reconcile_checked(PGconn *conn, int account) {
  if (db_scalar(conn, "SELECT pg_try_advisory_lock(%d)", account) != 1)
    return -1;
  rebuild_totals(conn, account);
  db_scalar(conn, "SELECT pg_advisory_unlock(%d)", account);
  return 0;
}

// A lock handle whose try keeps the helper's answer in the handle.
struct account_lock {
  PGconn *conn;
  int id;
  int held;
};

int account_lock_try(struct account_lock *l) {
  long long got = db_scalar(l->conn, "SELECT pg_try_advisory_lock(%d)", l->id);
  l->held = got == 1;
  return l->held;
}

void account_lock_release(struct account_lock *l) {
  if (l->held)
    db_scalar(l->conn, "SELECT pg_advisory_unlock(%d)", l->id);
  l->held = 0;
}

int close_account(PGconn *conn, int id) {
  struct account_lock l = {conn, id, 0};
  if (!account_lock_try(&l))
    return 1;
  if (db_scalar(conn, "SELECT count(*) FROM open_orders WHERE account = %d", id) != 0)
    return -1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'return' leaves the scope of an advisory lock before 'pg_advisory_unlock': a session-level lock stays held until the connection closes, which in a pool may be never [distlock-release-not-on-every-path]
  // CHECK-MESSAGES: :[[@LINE-5]]:8: note: lock acquired here
  rebuild_totals(conn, id);
  account_lock_release(&l);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: the lock is released here on the other paths
  return 0;
}
