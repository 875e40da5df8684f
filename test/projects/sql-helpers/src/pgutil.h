#ifndef PGUTIL_H
#define PGUTIL_H
#include <libpq-fe.h>

/* Runs a one-value query: 1 for 't', 0 for 'f', the number otherwise,
 * -1 when it fails. */
long long db_scalar(PGconn *conn, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
