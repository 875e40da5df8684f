#include "mig_lock.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define LOGI(...) do { fprintf(stderr, "[migrator] " __VA_ARGS__); fputc('\n', stderr); } while (0)

enum { MIG_OK = 0, MIG_BUSY = 1, MIG_FAILED = -1 };

int apply_pending(PGconn *conn, long long tenant_id, const mig_config *cfg)
{
    char sql[256];
    snprintf(sql, sizeof sql,
             "SET LOCAL statement_timeout = %d; SELECT migrations.apply_pending(%lld, '%s')",
             cfg->statement_timeout_ms, tenant_id, cfg->migrations_dir);
    PGresult *res = PQexec(conn, sql);
    int ok = PQresultStatus(res) == PGRES_TUPLES_OK;
    if (!ok)
        LOGI("tenant %lld: apply_pending failed: %s", tenant_id, PQerrorMessage(conn));
    PQclear(res);
    return ok ? MIG_OK : MIG_FAILED;
}

int migrate_tenant(PGconn *conn, long long tenant_id, const mig_config *cfg)
{
    const long long key = mig_tenant_key(tenant_id);
    bool got = false;

    if (mig_try_lock(conn, key, &got) != 0) {
        LOGI("tenant %lld: could not query advisory lock", tenant_id);
        return MIG_FAILED;
    }
    if (!got) {
        LOGI("tenant %lld: another node is migrating", tenant_id);
        return MIG_BUSY;
    }

    int rc = apply_pending(conn, tenant_id, cfg);
    mig_unlock(conn, key);
    return rc;
}

int migrate_all(PGconn *conn, const long long *tenants, int n, const mig_config *cfg)
{
    int failed = 0;
    for (int i = 0; i < n; i++) {
        const long long key = mig_tenant_key(tenants[i]);
        bool got = false;

        if (mig_try_lock(conn, key, &got) == 0) {
            if (apply_pending(conn, tenants[i], cfg) != MIG_OK)
                failed++;
            mig_unlock(conn, key);
        } else {
            LOGI("tenant %lld: lock query failed, will retry next deploy", tenants[i]);
            failed++;
        }
    }
    LOGI("migrated %d tenants, %d failed", n - failed, failed);
    return failed ? MIG_FAILED : MIG_OK;
}

int migrate_with_retry(PGconn *conn, long long tenant_id, const mig_config *cfg)
{
    const long long key = mig_tenant_key(tenant_id);
    bool got = false;
    int attempts = 0;

retry:
    if (mig_try_lock(conn, key, &got) != 0)
        return MIG_FAILED;
    if (!got) {
        if (++attempts < cfg->max_lock_attempts) {
            sleep((unsigned)cfg->lock_retry_seconds);
            goto retry;
        }
        LOGI("tenant %lld: still locked after %d attempts", tenant_id, attempts);
        return MIG_BUSY;
    }

    int rc = apply_pending(conn, tenant_id, cfg);
    mig_unlock(conn, key);
    return rc;
}
