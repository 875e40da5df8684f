#ifndef MIGRATOR_PGUTIL_H
#define MIGRATOR_PGUTIL_H

#include <libpq-fe.h>

/* First column of the first row as an int (atoi); -1 on error or NULL. */
int db_query_int(PGconn *conn, const char *sql);

/* 0 if the statement succeeded (with or without rows). */
int db_exec(PGconn *conn, const char *sql);

/* snprintf into a static buffer; not reentrant, fine for this tool. */
const char *sqlf(const char *fmt, ...);

#endif
