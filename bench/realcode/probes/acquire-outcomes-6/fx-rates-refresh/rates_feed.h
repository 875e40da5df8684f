#ifndef FX_RATES_FEED_H
#define FX_RATES_FEED_H

#include <libpq-fe.h>

void load_spot_rates(PGconn *conn);
void load_forward_points(PGconn *conn);
void build_yield_curves(PGconn *conn);
void load_swap_rates(PGconn *conn);
void load_basis_spreads(PGconn *conn);
void derive_cross_rates(PGconn *conn);

#endif
