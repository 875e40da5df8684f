#include "pg_util.h"

#include <stdio.h>
#include <string.h>

int pg_exec_ok(PGconn *conn, const char *sql)
{
    PGresult *res = PQexec(conn, sql);
    ExecStatusType st = PQresultStatus(res);
    int ok = (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK);
    if (!ok)
        fprintf(stderr, "pg: %s: %s", sql, PQerrorMessage(conn));
    PQclear(res);
    return ok;
}

int pg_scalar_bool(PGconn *conn, const char *sql, int *out)
{
    PGresult *res = PQexec(conn, sql);
    int ran = 0;
    *out = 0;
    if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1) {
        ran = 1;
        *out = strcmp(PQgetvalue(res, 0, 0), "t") == 0;
    }
    PQclear(res);
    return ran;
}

int pg_unlock(PGconn *conn, long key)
{
    char sql[64];
    int granted = 0;
    snprintf(sql, sizeof sql, "SELECT pg_advisory_unlock(%ld)", key);
    if (!pg_scalar_bool(conn, sql, &granted) || !granted) {
        fprintf(stderr, "pg: unlock %ld was not held\n", key);
        return 0;
    }
    return 1;
}
