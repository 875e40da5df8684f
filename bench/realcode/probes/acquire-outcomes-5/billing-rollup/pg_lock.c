#include "pg_lock.h"

#include <stdio.h>

static PGresult *run_keyed(PGconn *c, const char *sql, long long key)
{
    char keybuf[32];
    const char *params[1];

    snprintf(keybuf, sizeof keybuf, "%lld", key);
    params[0] = keybuf;
    return PQexecParams(c, sql, 1, NULL, params, NULL, NULL, 0);
}

static int single_bool(PGresult *res)
{
    if (res == NULL || PQresultStatus(res) != PGRES_TUPLES_OK)
        return -1;
    if (PQntuples(res) != 1 || PQgetisnull(res, 0, 0))
        return -1;
    return PQgetvalue(res, 0, 0)[0] == 't' ? 1 : 0;
}

int pglk_try(PGconn *lockconn, long long key)
{
    PGresult *res = run_keyed(lockconn, "SELECT pg_try_advisory_lock($1::bigint)", key);
    int rc = single_bool(res);
    PQclear(res);
    return rc;
}

int pglk_wait(PGconn *lockconn, long long key)
{
    PGresult *res = run_keyed(lockconn, "SELECT pg_advisory_lock($1::bigint)", key);
    int rc = (res != NULL && PQresultStatus(res) == PGRES_TUPLES_OK) ? 0 : -1;
    PQclear(res);
    return rc;
}

int pglk_release(PGconn *lockconn, long long key)
{
    PGresult *res = run_keyed(lockconn, "SELECT pg_advisory_unlock($1::bigint)", key);
    int rc = single_bool(res);
    PQclear(res);
    return rc == 1;
}
