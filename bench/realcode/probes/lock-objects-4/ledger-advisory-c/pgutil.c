#include "pgutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sqlf(char *buf, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, cap, fmt, ap);
    va_end(ap);
    return (n < 0 || (size_t)n >= cap) ? -1 : n;
}

int64_t db_scalar(PGconn *conn, const char *fmt, ...)
{
    char sql[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(sql, sizeof sql, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof sql)
        return DB_ERR;

    PGresult *res = PQexec(conn, sql);
    int64_t out = DB_ERR;
    if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 &&
        !PQgetisnull(res, 0, 0)) {
        const char *v = PQgetvalue(res, 0, 0);
        if (strcmp(v, "t") == 0)
            out = 1;
        else if (strcmp(v, "f") == 0)
            out = 0;
        else
            out = strtoll(v, NULL, 10);
    } else {
        fprintf(stderr, "db_scalar: %s", PQerrorMessage(conn));
    }
    PQclear(res);
    return out;
}

int db_exec(PGconn *conn, const char *sql)
{
    PGresult *res = PQexec(conn, sql);
    ExecStatusType st = PQresultStatus(res);
    PQclear(res);
    return (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) ? 0 : -1;
}
