/*
 * mig_lock.h - advisory locks for tenant schema migrations.
 *
 * Migrations run from every app node on deploy.  Each tenant schema is
 * guarded by a session-level pg advisory lock keyed on the tenant id, so two
 * nodes never apply the same migration concurrently.  Session-level means the
 * lock stays with the connection until mig_unlock() or disconnect; the
 * migrator uses pooled connections, so every successful lock must be unlocked.
 */
#ifndef TENANT_MIG_LOCK_H
#define TENANT_MIG_LOCK_H

#include <stdbool.h>
#include <libpq-fe.h>

#define MIG_LOCK_NAMESPACE 0x4d494700LL /* "MIG\0" */

typedef struct mig_config {
    int max_lock_attempts;     /* per tenant, before giving up */
    int lock_retry_seconds;
    int statement_timeout_ms;
    const char *migrations_dir;
} mig_config;

/* Returns 0 when the query ran (then *acquired says whether we got it),
 * -1 when the query failed (then *acquired is false). */
int mig_try_lock(PGconn *conn, long long key, bool *acquired);
int mig_unlock(PGconn *conn, long long key);
long long mig_tenant_key(long long tenant_id);

/* migrator.c */
int apply_pending(PGconn *conn, long long tenant_id, const mig_config *cfg);
int migrate_tenant(PGconn *conn, long long tenant_id, const mig_config *cfg);
int migrate_all(PGconn *conn, const long long *tenants, int n, const mig_config *cfg);
int migrate_with_retry(PGconn *conn, long long tenant_id, const mig_config *cfg);

/* schema_tasks.c */
int vacuum_tenant(PGconn *conn, long long tenant_id);
int reindex_tenant(PGconn *conn, long long tenant_id);
int wait_and_migrate(PGconn *conn, long long tenant_id, const mig_config *cfg);

#endif
