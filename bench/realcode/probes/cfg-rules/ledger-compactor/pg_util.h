#ifndef LEDGER_PG_UTIL_H
#define LEDGER_PG_UTIL_H

#include <libpq-fe.h>

/* 1 when the statement ran (COMMAND_OK or TUPLES_OK), 0 otherwise. */
int pg_exec_ok(PGconn *conn, const char *sql);

/* 1 when the statement ran and returned one boolean cell; *out is 1 for 't'. */
int pg_scalar_bool(PGconn *conn, const char *sql, int *out);

/* pg_advisory_unlock(key); 1 only when the server answered 't'. */
int pg_unlock(PGconn *conn, long key);

#endif
