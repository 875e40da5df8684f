#include "pg_scalar.h"

#include <stdio.h>

int scalar_query(PGconn *conn, const char *sql, char *out, size_t n)
{
    PGresult *res = PQexec(conn, sql);
    int ran = 0;

    if (n > 0)
        out[0] = '\0';
    if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) > 0) {
        if (!PQgetisnull(res, 0, 0) && n > 0)
            snprintf(out, n, "%s", PQgetvalue(res, 0, 0));
        ran = 1;
    } else {
        fprintf(stderr, "query failed: %s", PQerrorMessage(conn));
    }
    PQclear(res);
    return ran;
}
