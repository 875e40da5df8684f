#include <stdbool.h>
#include <stdio.h>
#include <libpq-fe.h>

#include "pg_util.h"

bool compact_partition(PGconn *conn, int part)
{
    char sql[160];
    if (!pg_exec_ok(conn, "SET lock_timeout = '5s'"))
        return false;
    if (!pg_exec_ok(conn, "SELECT pg_advisory_lock(77)"))
        return false;
    snprintf(sql, sizeof sql,
             "UPDATE ledger_parts SET compacted_at = now() WHERE id = %d", part);
    if (!pg_exec_ok(conn, sql)) {
        fprintf(stderr, "compact %d: update failed\n", part);
        return false;
    }
    metrics_emit("ledger.compact.done", part);
    return pg_unlock(conn, 77);
}

bool vacuum_segments(PGconn *conn)
{
    bool ok = false;
    if (!pg_exec_ok(conn, "SELECT pg_advisory_lock(78)"))
        return false;
    if (!pg_exec_ok(conn, "DELETE FROM ledger_segments WHERE sealed AND empty"))
        goto out_unlock;
    if (!pg_exec_ok(conn, "UPDATE ledger_stats SET vacuumed_at = now()"))
        goto out_unlock;
    ok = true;
out_unlock:
    if (!pg_unlock(conn, 78))
        ok = false;
    return ok;
}

bool reset_balances(PGconn *conn)
{
    if (!pg_exec_ok(conn, "SET lock_timeout = 0"))
        return false;
    if (!pg_exec_ok(conn, "SELECT pg_advisory_lock(80)"))
        return false;
    bool ok = pg_exec_ok(conn, "UPDATE balances SET pending = 0");
    if (!pg_unlock(conn, 80))
        ok = false;
    return ok;
}

int rebuild_index(PGconn *conn, int part)
{
    int rc = -1;
    int got = 0;
    char sql[128];
    if (!pg_scalar_bool(conn, "SELECT pg_try_advisory_lock(81)", &got) || !got)
        return -1;
    snprintf(sql, sizeof sql, "REINDEX TABLE ledger_part_%d", part);
    if (!pg_exec_ok(conn, sql))
        goto out;
    if (!pg_exec_ok(conn, "ANALYZE ledger_parts"))
        goto out_unlock;
    rc = 0;
out_unlock:
    if (!pg_unlock(conn, 81))
        rc = -1;
out:
    metrics_emit("ledger.reindex", rc);
    return rc;
}

bool archive_month(PGconn *conn, const char *month)
{
    char sql[160];
    if (!pg_exec_ok(conn, "BEGIN"))
        return false;
    if (!pg_exec_ok(conn, "SET LOCAL lock_timeout = '3s'") ||
        !pg_exec_ok(conn, "SELECT pg_advisory_xact_lock(79)")) {
        pg_exec_ok(conn, "ROLLBACK");
        return false;
    }
    snprintf(sql, sizeof sql,
             "INSERT INTO ledger_archive SELECT * FROM ledger WHERE month = '%s'",
             month);
    if (!pg_exec_ok(conn, sql)) {
        pg_exec_ok(conn, "ROLLBACK");
        return false;
    }
    return pg_exec_ok(conn, "COMMIT");
}
