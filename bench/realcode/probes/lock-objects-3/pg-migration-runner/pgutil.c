#include "pgutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int
db_query_int(PGconn *conn, const char *sql)
{
    PGresult *res;
    int v = -1;

    res = PQexec(conn, sql);
    if (PQresultStatus(res) != PGRES_TUPLES_OK) {
        fprintf(stderr, "migrator: %s: %s", sql, PQerrorMessage(conn));
    } else if (PQntuples(res) > 0 && !PQgetisnull(res, 0, 0)) {
        v = atoi(PQgetvalue(res, 0, 0));
    }
    PQclear(res);
    return v;
}

int
db_exec(PGconn *conn, const char *sql)
{
    PGresult *res;
    ExecStatusType st;

    res = PQexec(conn, sql);
    st = PQresultStatus(res);
    PQclear(res);
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
        fprintf(stderr, "migrator: %s: %s", sql, PQerrorMessage(conn));
        return -1;
    }
    return 0;
}

const char *
sqlf(const char *fmt, ...)
{
    static char buf[4096];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}
