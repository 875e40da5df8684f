#ifndef PRICING_REFRESH_H
#define PRICING_REFRESH_H

#include <libpq-fe.h>

/* price computations (pricing_sql.c, outside this probe); each issues
 * UPDATE/INSERT statements against the price tables over conn. */
int recompute_region(PGconn *conn, const char *region);
int recompute_all(PGconn *conn);
int recompute_currency(PGconn *conn, const char *ccy);
int load_fx_rates(PGconn *conn);
int apply_fx_rates(PGconn *conn);
int recompute_tax(PGconn *conn, const char *jurisdiction);

int refresh_region(PGconn *conn, const char *region);
int refresh_all(PGconn *conn);
int refresh_currency(PGconn *conn, const char *ccy);
int refresh_fx(PGconn *conn);
int refresh_tax(PGconn *conn, const char *jurisdiction);

#endif
