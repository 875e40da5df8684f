#ifndef FX_PG_SCALAR_H
#define FX_PG_SCALAR_H

#include <stddef.h>
#include <libpq-fe.h>

/* Runs sql and copies the first cell of the first row into out ("" for a
 * NULL cell, and "" when nothing could be read).
 * Returns 1 when the statement ran and produced a row, 0 otherwise. */
int scalar_query(PGconn *conn, const char *sql, char *out, size_t n);

#endif
