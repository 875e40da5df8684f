#include "account_lock.h"
#include "pgutil.h"

void rebuild_totals(PGconn *conn, int account);

/* Only an error stops it: a lock another session holds (0) goes on. */
int reconcile(PGconn *conn, int account) {
  if (db_scalar(conn, "SELECT pg_try_advisory_lock(%d)", account) < 0)
    return -1;
  rebuild_totals(conn, account);
  db_scalar(conn, "SELECT pg_advisory_unlock(%d)", account);
  return 0;
}

/* Asks for 1 exactly. */
int reconcile_checked(PGconn *conn, int account) {
  if (db_scalar(conn, "SELECT pg_try_advisory_lock(%d)", account) != 1)
    return -1;
  rebuild_totals(conn, account);
  db_scalar(conn, "SELECT pg_advisory_unlock(%d)", account);
  return 0;
}

/* The early return keeps the handle's lock. */
int close_account(PGconn *conn, int id) {
  struct account_lock l = {conn, id, 0};
  if (!account_lock_try(&l))
    return 1;
  if (db_scalar(conn, "SELECT count(*) FROM open_orders WHERE account = %d", id) != 0)
    return -1;
  rebuild_totals(conn, id);
  account_lock_release(&l);
  return 0;
}

/* Releases on every path. */
int freeze_account(PGconn *conn, int id) {
  struct account_lock l = {conn, id, 0};
  if (!account_lock_try(&l))
    return 1;
  int rc = 0;
  if (db_scalar(conn, "SELECT count(*) FROM open_orders WHERE account = %d", id) != 0)
    rc = -1;
  else
    rebuild_totals(conn, id);
  account_lock_release(&l);
  return rc;
}
