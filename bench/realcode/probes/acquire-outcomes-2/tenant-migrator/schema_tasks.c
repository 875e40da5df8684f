/*
 * Maintenance tasks that share the migration lock: they must not run while
 * a migration is rewriting the tenant schema.
 */
#include "mig_lock.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define LOGW(...) do { fprintf(stderr, "[schema-tasks] " __VA_ARGS__); fputc('\n', stderr); } while (0)

static int exec_ok(PGconn *conn, const char *sql)
{
    PGresult *res = PQexec(conn, sql);
    ExecStatusType st = PQresultStatus(res);
    PQclear(res);
    return st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK;
}

int vacuum_tenant(PGconn *conn, long long tenant_id)
{
    char sql[128];
    int held = 0;

    snprintf(sql, sizeof sql, "SELECT pg_try_advisory_lock(%lld)", mig_tenant_key(tenant_id));
    PGresult *res = PQexec(conn, sql);
    if (PQresultStatus(res) == PGRES_TUPLES_OK && strcmp(PQgetvalue(res, 0, 0), "t") == 0)
        held = 1;
    PQclear(res);
    if (!held)
        return 1;

    snprintf(sql, sizeof sql, "VACUUM (ANALYZE) tenant_%lld.events", tenant_id);
    if (!exec_ok(conn, sql)) {
        LOGW("tenant %lld: vacuum failed: %s", tenant_id, PQerrorMessage(conn));
        return -1;
    }
    snprintf(sql, sizeof sql, "VACUUM (ANALYZE) tenant_%lld.sessions", tenant_id);
    int ok = exec_ok(conn, sql);
    mig_unlock(conn, mig_tenant_key(tenant_id));
    return ok ? 0 : -1;
}

int reindex_tenant(PGconn *conn, long long tenant_id)
{
    char sql[128];
    int rc = 1;
    const long long key = mig_tenant_key(tenant_id);

    snprintf(sql, sizeof sql, "SELECT pg_try_advisory_lock(%lld)", key);
    PGresult *res = PQexec(conn, sql);
    if (PQresultStatus(res) != PGRES_TUPLES_OK) {
        LOGW("tenant %lld: lock query failed: %s", tenant_id, PQerrorMessage(conn));
        PQclear(res);
        return -1;
    }
    if (strcmp(PQgetvalue(res, 0, 0), "t")) {
        snprintf(sql, sizeof sql, "REINDEX SCHEMA CONCURRENTLY tenant_%lld", tenant_id);
        rc = exec_ok(conn, sql) ? 0 : -1;
    }
    PQclear(res);
    mig_unlock(conn, key);
    return rc;
}

int wait_and_migrate(PGconn *conn, long long tenant_id, const mig_config *cfg)
{
    const long long key = mig_tenant_key(tenant_id);
    bool got = false;

again:
    if (mig_try_lock(conn, key, &got) != 0)
        return -1;
    if (!got) {
        LOGW("tenant %lld: waiting for migration lock", tenant_id);
        sleep((unsigned)cfg->lock_retry_seconds);
        goto again;
    }
    int rc = apply_pending(conn, tenant_id, cfg);
    mig_unlock(conn, key);
    return rc;
}
