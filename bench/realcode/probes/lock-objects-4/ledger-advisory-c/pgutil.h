#ifndef LEDGER_PGUTIL_H
#define LEDGER_PGUTIL_H

#include <stddef.h>
#include <stdint.h>
#include <postgresql/libpq-fe.h>

#define DB_ERR (-1)

/* snprintf into buf; -1 if it did not fit. */
int sqlf(char *buf, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Runs a one-row, one-column query and returns the value: booleans map to
 * 1/0, numbers are parsed. DB_ERR on error, no row or NULL. */
int64_t db_scalar(PGconn *conn, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

int db_exec(PGconn *conn, const char *sql);

#endif
