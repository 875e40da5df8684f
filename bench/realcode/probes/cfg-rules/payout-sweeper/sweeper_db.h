#ifndef SWEEPER_DB_H
#define SWEEPER_DB_H

#include <libpq-fe.h>

/* Opens the payouts database; every session gets lock_timeout = 5s through
 * the connection options. */
PGconn *sweeper_connect(const char *dsn);
/* Opens the reporting database with server defaults. */
PGconn *sweeper_connect_reporting(const char *dsn);

int db_ok(PGconn *conn, const char *sql);
/* pg_try_advisory_lock: 1 granted, 0 busy, -1 error */
int db_try_lock(PGconn *conn, long key);
/* pg_advisory_unlock: 1 released, 0 not held or error */
int db_unlock(PGconn *conn, long key);

#endif
