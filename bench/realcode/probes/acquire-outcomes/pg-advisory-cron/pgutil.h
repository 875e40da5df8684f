#pragma once

#include <stdbool.h>
#include <libpq-fe.h>

/* Advisory lock keys. Keep in one place so two jobs never share a key. */
enum cron_lock_key {
    LOCK_BILLING_SNAPSHOT = 910001,
    LOCK_CLEANUP          = 910002,
    LOCK_REINDEX          = 910003,
    LOCK_COMPACTION       = 910004,
    LOCK_MATVIEWS         = 910005,
};

/* pg_try_advisory_lock on this session. true only when the lock was granted. */
bool pgu_try_lock(PGconn *conn, long long key);

/* pg_advisory_unlock; logs if the lock was not held. */
void pgu_unlock(PGconn *conn, long long key);

/* Runs a command, returns true when it completed with PGRES_COMMAND_OK. */
bool pgu_exec_ok(PGconn *conn, const char *sql);

void pgu_log(const char *fmt, ...);
