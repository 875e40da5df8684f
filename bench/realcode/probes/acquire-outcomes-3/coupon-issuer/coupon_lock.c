#include <stdio.h>
#include <string.h>

#include "coupon_lock.h"

#define COUPON_LOCK_NS 0x43505000LL

void coupon_lock_init(coupon_lock *l, PGconn *conn, long long campaign_id)
{
    l->conn = conn;
    l->key  = COUPON_LOCK_NS + campaign_id;
    l->held = 0;
}

int coupon_lock_exec(coupon_lock *l, PGresult **res_out)
{
    char keybuf[32];
    const char *params[1];
    PGresult *res;

    snprintf(keybuf, sizeof keybuf, "%lld", l->key);
    params[0] = keybuf;

    res = PQexecParams(l->conn, "SELECT pg_try_advisory_lock($1::bigint)",
                       1, NULL, params, NULL, NULL, 0);
    if (res == NULL)
        return 0;
    if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != 1) {
        fprintf(stderr, "coupon_lock: try_advisory_lock: %s",
                PQerrorMessage(l->conn));
        PQclear(res);
        return 0;
    }
    *res_out = res;
    return 1;
}

int coupon_lock_granted(const PGresult *res)
{
    const char *v;

    if (PQgetisnull(res, 0, 0))
        return 0;
    v = PQgetvalue(res, 0, 0);
    return v[0] == 't';
}

int coupon_lock_try(coupon_lock *l)
{
    PGresult *res = NULL;
    int granted;

    if (!coupon_lock_exec(l, &res))
        return CL_ERROR;
    granted = coupon_lock_granted(res);
    PQclear(res);

    l->held = granted;
    return granted ? CL_HELD : CL_BUSY;
}

void coupon_lock_release(coupon_lock *l)
{
    char keybuf[32];
    const char *params[1] = { keybuf };
    PGresult *res;

    snprintf(keybuf, sizeof keybuf, "%lld", l->key);
    res = PQexecParams(l->conn, "SELECT pg_advisory_unlock($1::bigint)",
                       1, NULL, params, NULL, NULL, 0);
    if (res != NULL)
        PQclear(res);
    l->held = 0;
}
