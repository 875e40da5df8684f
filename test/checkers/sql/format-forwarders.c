// RUN: %check_distlock %s distlock-unbounded-acquire %t -- -std=c11 -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin %s distlock-unbounded-acquire %t-plugin -- -std=c11 -I/usr/include/postgresql

// C services build their SQL with printf: a `sqlf(fmt, ...)` that returns
// the buffer it formats into, or a `db_query_int(conn, fmt, ...)` that
// formats into a buffer it runs, through a va_list forwarder and a helper
// that calls vsnprintf. The SQL each call runs is its format with its
// arguments, so a blocking advisory lock is seen through either.

#include <libpq-fe.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static const char *sqlf(const char *fmt, ...) {
  static char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return buf;
}

static int db_vformat(char *buf, size_t len, const char *fmt, va_list ap) {
  int n = vsnprintf(buf, len, fmt, ap);
  return n < 0 || (size_t)n >= len ? -1 : n;
}

static long db_vquery_int(PGconn *conn, const char *fmt, va_list ap) {
  char sql[512];
  if (db_vformat(sql, sizeof sql, fmt, ap) < 0)
    return -1;
  PGresult *res = PQexec(conn, sql);
  long v = -1;
  if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) > 0)
    v = atol(PQgetvalue(res, 0, 0));
  PQclear(res);
  return v;
}

long db_query_int(PGconn *conn, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  long v = db_vquery_int(conn, fmt, ap);
  va_end(ap);
  return v;
}

void migrate(PGconn *conn);

int wait_with_sqlf(PGconn *conn, long long key) {
  PGresult *res = PQexec(conn, sqlf("SELECT pg_advisory_lock(%lld)", key));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'pg_advisory_lock' waits for the lock with no bound; no lock_timeout is set on this connection first [distlock-unbounded-acquire]
  int ok = PQresultStatus(res) == PGRES_TUPLES_OK;
  PQclear(res);
  if (!ok)
    return -1;
  migrate(conn);
  PQclear(PQexec(conn, sqlf("SELECT pg_advisory_unlock(%lld)", key)));
  return 0;
}

int wait_with_query_int(PGconn *conn, long long key) {
  if (db_query_int(conn, "SELECT pg_advisory_lock(%lld)::int", key) < 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'pg_advisory_lock' waits for the lock with no bound; no lock_timeout is set on this connection first [distlock-unbounded-acquire]
    return -1;
  migrate(conn);
  db_query_int(conn, "SELECT pg_advisory_unlock(%lld)::int", key);
  return 0;
}

// A bound set first on the same connection, through the same forwarder.
int wait_bounded(PGconn *conn, long long key) {
  db_query_int(conn, "SET lock_timeout = '%ds'", 5);
  if (db_query_int(conn, "SELECT pg_advisory_lock(%lld)::int", key) < 0)
    return -1;
  migrate(conn);
  db_query_int(conn, "SELECT pg_advisory_unlock(%lld)::int", key);
  return 0;
}
