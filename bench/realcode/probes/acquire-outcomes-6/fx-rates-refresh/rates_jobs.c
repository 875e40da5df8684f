#include "pg_scalar.h"
#include "rates_feed.h"

#include <string.h>
#include <unistd.h>

int refresh_spot(PGconn *conn)
{
    char cell[8];

    if (scalar_query(conn, "SELECT pg_try_advisory_lock(7301)", cell, sizeof cell)) {
        load_spot_rates(conn);
        scalar_query(conn, "SELECT pg_advisory_unlock(7301)", cell, sizeof cell);
        return 0;
    }
    return -1;
}

int refresh_forwards(PGconn *conn)
{
    char cell[8];

    if (!scalar_query(conn, "SELECT pg_try_advisory_lock(7302)", cell, sizeof cell) ||
        strcmp(cell, "t") != 0)
        return 1;
    load_forward_points(conn);
    scalar_query(conn, "SELECT pg_advisory_unlock(7302)", cell, sizeof cell);
    return 0;
}

int refresh_curves(PGconn *conn)
{
    char cell[8] = "";

    while (strcmp(cell, "t") != 0) {
        scalar_query(conn, "SELECT pg_try_advisory_lock(7303)", cell, sizeof cell);
        if (cell[0] != 't')
            sleep(2);
    }
    build_yield_curves(conn);
    scalar_query(conn, "SELECT pg_advisory_unlock(7303)", cell, sizeof cell);
    return 0;
}

int refresh_swaps(PGconn *conn)
{
    char cell[8] = "";

    for (int attempt = 0; attempt < 5; attempt++) {
        if (scalar_query(conn, "SELECT pg_try_advisory_lock(7304)", cell, sizeof cell) &&
            cell[0] == 't')
            break;
        sleep(2);
    }
    if (cell[0] != 't')
        return 1;
    load_swap_rates(conn);
    scalar_query(conn, "SELECT pg_advisory_unlock(7304)", cell, sizeof cell);
    return 0;
}

int refresh_basis(PGconn *conn)
{
    char cell[8];

    PQclear(PQexec(conn, "SET lock_timeout = '10s'"));
    if (!scalar_query(conn, "SELECT pg_advisory_lock(7305)", cell, sizeof cell))
        return -1;
    load_basis_spreads(conn);
    scalar_query(conn, "SELECT pg_advisory_unlock(7305)", cell, sizeof cell);
    return 0;
}

int refresh_crosses(PGconn *conn)
{
    char cell[8];

    scalar_query(conn, "SELECT pg_try_advisory_lock(7306)", cell, sizeof cell);
    if (strcmp(cell, "f") == 0)
        return 1;
    derive_cross_rates(conn);
    scalar_query(conn, "SELECT pg_advisory_unlock(7306)", cell, sizeof cell);
    return 0;
}
