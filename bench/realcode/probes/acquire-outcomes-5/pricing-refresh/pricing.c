#include "pricing.h"
#include "pg_guard.h"

#include <stdio.h>
#include <string.h>

int refresh_region(PGconn *conn, const char *region)
{
    char name[96];
    PGresult *r;
    int got, rc;

    snprintf(name, sizeof name, "pricing:region:%s", region);
    r = pgg_try(conn, name);
    got = PGG_GOT(r);
    PQclear(r);
    if (!got)
        return 0;

    rc = recompute_region(conn, region);
    pgg_release(conn, name);
    return rc;
}

int refresh_all(PGconn *conn)
{
    PGresult *r = pgg_try(conn, "pricing:all");
    int rc = -1;

    if (PGG_RAN(r)) {
        rc = recompute_all(conn);
        pgg_release(conn, "pricing:all");
    }
    PQclear(r);
    return rc;
}

int refresh_currency(PGconn *conn, const char *ccy)
{
    char name[64];
    PGresult *r;
    int rc = 0;

    snprintf(name, sizeof name, "pricing:ccy:%s", ccy);
    r = pgg_try(conn, name);
    if (PGG_RAN(r) && strcmp(PQgetvalue(r, 0, 0), "t")) {
        rc = recompute_currency(conn, ccy);
        pgg_release(conn, name);
    }
    PQclear(r);
    return rc;
}

int refresh_fx(PGconn *conn)
{
    PGresult *r;
    int rc = -1;

    r = pgg_try(conn, "pricing:fx");
    if (!PGG_GOT(r)) {
        PQclear(r);
        return 0;
    }
    PQclear(r);

    if (load_fx_rates(conn) < 0 || apply_fx_rates(conn) < 0)
        goto fail;
    rc = 1;
    pgg_release(conn, "pricing:fx");
    return rc;

fail:
    fprintf(stderr, "refresh_fx: %s", PQerrorMessage(conn));
    return rc;
}

int refresh_tax(PGconn *conn, const char *jurisdiction)
{
    char name[96];
    PGresult *r;
    int rc = 0;

    snprintf(name, sizeof name, "pricing:tax:%s", jurisdiction);
    r = pgg_try(conn, name);
    if (r == NULL || PQresultStatus(r) != PGRES_TUPLES_OK) {
        PQclear(r);
        return -1;
    }
    if (PQgetvalue(r, 0, 0)[0] != 't') {
        PQclear(r);
        return 0;
    }
    PQclear(r);

    if (recompute_tax(conn, jurisdiction) < 0) {
        rc = -1;
        goto out;
    }
    rc = 1;
out:
    pgg_release(conn, name);
    return rc;
}
