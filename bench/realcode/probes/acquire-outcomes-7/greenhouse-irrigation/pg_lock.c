#include "pg_lock.h"

#include <stdio.h>
#include <string.h>

static PGresult *run_keyed(PGconn *conn, const char *fn, long key)
{
    char sql[96];

    snprintf(sql, sizeof sql, "SELECT %s(%ld)", fn, key);
    return PQexec(conn, sql);
}

int pg_try_lock_text(PGconn *conn, long key, char *out, size_t n)
{
    PGresult *res;

    if (n > 0)
        out[0] = '\0';
    res = run_keyed(conn, "pg_try_advisory_lock", key);
    if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != 1) {
        PQclear(res);
        return 0;
    }
    snprintf(out, n, "%s", PQgetvalue(res, 0, 0));
    PQclear(res);
    return 1;
}

int pg_try_lock_flag(PGconn *conn, long key, bool *held)
{
    PGresult *res;

    *held = false;
    res = run_keyed(conn, "pg_try_advisory_lock", key);
    if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != 1) {
        fprintf(stderr, "advisory lock %ld: %s", key, PQerrorMessage(conn));
        PQclear(res);
        return -1;
    }
    *held = PQgetvalue(res, 0, 0)[0] == 't';
    PQclear(res);
    return 0;
}

int pg_unlock(PGconn *conn, long key)
{
    PGresult *res = run_keyed(conn, "pg_advisory_unlock", key);
    int released = PQresultStatus(res) == PGRES_TUPLES_OK &&
                   strcmp(PQgetvalue(res, 0, 0), "t") == 0;

    PQclear(res);
    return released;
}
