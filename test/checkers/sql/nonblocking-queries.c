// RUN: %check_distlock %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t -- -std=c11 -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t-plugin -- -std=c11 -I/usr/include/postgresql

// libpq's nonblocking PQsendQuery answers 1 when the query was sent: the
// server's answer comes back later, from PQgetResult on the connection, and
// a try-lock's answer is the cell of that result.

#include <libpq-fe.h>
#include <stddef.h>

void close_books(PGconn *conn);
void unlock(PGconn *conn);

// "Sent" taken for "held": the cell is never read.
int sent_for_held(PGconn *conn) {
  if (PQsendQuery(conn, "SELECT pg_try_advisory_lock(41001)") == 1) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: the result of 'pg_try_advisory_lock' is never checked: the code after it runs whether or not this process got the lock [distlock-acquire-unchecked]
    close_books(conn);
    unlock(conn);
    return 0;
  }
  return -1;
}

// True negative: the cell says whether the lock was taken.
int cell_read(PGconn *conn) {
  if (!PQsendQuery(conn, "SELECT pg_try_advisory_lock(41003)"))
    return -1;
  PGresult *res = PQgetResult(conn);
  int held = res && PQresultStatus(res) == PGRES_TUPLES_OK && PQgetvalue(res, 0, 0)[0] == 't';
  PQclear(res);
  while ((res = PQgetResult(conn)) != NULL)
    PQclear(res);
  if (!held)
    return 1;
  close_books(conn);
  unlock(conn);
  return 0;
}
