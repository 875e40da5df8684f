#include "mig_lock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LOGE(...) do { fprintf(stderr, "[mig-lock] " __VA_ARGS__); fputc('\n', stderr); } while (0)

long long mig_tenant_key(long long tenant_id)
{
    return (MIG_LOCK_NAMESPACE << 32) | (tenant_id & 0xffffffffLL);
}

static PGresult *exec_key(PGconn *conn, const char *sql, long long key)
{
    char keybuf[32];
    const char *params[1] = { keybuf };

    snprintf(keybuf, sizeof keybuf, "%lld", key);
    return PQexecParams(conn, sql, 1, NULL, params, NULL, NULL, 0);
}

int mig_try_lock(PGconn *conn, long long key, bool *acquired)
{
    *acquired = false;
    PGresult *res = exec_key(conn, "SELECT pg_try_advisory_lock($1::bigint)", key);
    if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != 1) {
        LOGE("try_lock %lld: %s", key, PQerrorMessage(conn));
        PQclear(res);
        return -1;
    }
    *acquired = PQgetvalue(res, 0, 0)[0] == 't';
    PQclear(res);
    return 0;
}

int mig_unlock(PGconn *conn, long long key)
{
    PGresult *res = exec_key(conn, "SELECT pg_advisory_unlock($1::bigint)", key);
    int rc = 0;
    if (PQresultStatus(res) != PGRES_TUPLES_OK) {
        LOGE("unlock %lld: %s", key, PQerrorMessage(conn));
        rc = -1;
    } else if (PQgetvalue(res, 0, 0)[0] != 't') {
        LOGE("unlock %lld: lock was not held by this session", key);
        rc = -1;
    }
    PQclear(res);
    return rc;
}
