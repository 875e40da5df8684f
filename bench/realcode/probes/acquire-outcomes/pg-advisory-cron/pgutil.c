#include "pgutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void
pgu_log(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

bool
pgu_try_lock(PGconn *conn, long long key)
{
    char        keybuf[32];
    const char *params[1];
    PGresult   *res;
    bool        granted;

    snprintf(keybuf, sizeof keybuf, "%lld", key);
    params[0] = keybuf;
    res = PQexecParams(conn, "SELECT pg_try_advisory_lock($1::bigint)", 1, NULL, params, NULL, NULL, 0);
    if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != 1)
    {
        pgu_log("try_lock(%lld): %s", key, PQerrorMessage(conn));
        PQclear(res);
        return false;
    }
    granted = PQgetvalue(res, 0, 0)[0] == 't';
    PQclear(res);
    return granted;
}

void
pgu_unlock(PGconn *conn, long long key)
{
    char        keybuf[32];
    const char *params[1];
    PGresult   *res;

    snprintf(keybuf, sizeof keybuf, "%lld", key);
    params[0] = keybuf;
    res = PQexecParams(conn, "SELECT pg_advisory_unlock($1::bigint)", 1, NULL, params, NULL, NULL, 0);
    if (PQresultStatus(res) == PGRES_TUPLES_OK && strcmp(PQgetvalue(res, 0, 0), "t") != 0)
        pgu_log("unlock(%lld): lock was not held", key);
    PQclear(res);
}

bool
pgu_exec_ok(PGconn *conn, const char *sql)
{
    PGresult   *res = PQexec(conn, sql);
    bool        ok = PQresultStatus(res) == PGRES_COMMAND_OK;

    if (!ok)
        pgu_log("exec failed: %s", PQerrorMessage(conn));
    PQclear(res);
    return ok;
}
