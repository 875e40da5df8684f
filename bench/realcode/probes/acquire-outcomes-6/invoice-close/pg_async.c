#include "pg_async.h"

#include <stdio.h>
#include <string.h>

int adv_send_try(PGconn *conn, long long key)
{
    char sql[96];
    snprintf(sql, sizeof sql, "SELECT pg_try_advisory_lock(%lld)", key);
    return PQsendQuery(conn, sql);
}

int adv_collect(PGconn *conn)
{
    int granted = -1;
    PGresult *res;

    while ((res = PQgetResult(conn)) != NULL) {
        if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 &&
            !PQgetisnull(res, 0, 0))
            granted = strcmp(PQgetvalue(res, 0, 0), "t") == 0 ? 1 : 0;
        PQclear(res);
    }
    return granted;
}

void adv_discard(PGconn *conn)
{
    PGresult *res;
    while ((res = PQgetResult(conn)) != NULL)
        PQclear(res);
}

int adv_unlock(PGconn *conn, long long key)
{
    char sql[96];
    snprintf(sql, sizeof sql, "SELECT pg_advisory_unlock(%lld)", key);
    PGresult *res = PQexec(conn, sql);
    int ok = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 &&
             strcmp(PQgetvalue(res, 0, 0), "t") == 0;
    PQclear(res);
    return ok;
}
