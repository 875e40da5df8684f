/*
 * Cron tasks. Each scheduler replica fires every task; a session-level
 * advisory lock on the scheduler's own connection picks one runner.
 */
#include <stdio.h>
#include <string.h>

#include "pgutil.h"

void
run_billing_snapshot(PGconn *conn)
{
    if (!pgu_try_lock(conn, LOCK_BILLING_SNAPSHOT))
    {
        pgu_log("billing snapshot: not ours");
        return;
    }
    pgu_exec_ok(conn, "INSERT INTO billing_snapshots SELECT now(), * FROM billing_totals");
    pgu_unlock(conn, LOCK_BILLING_SNAPSHOT);
}

void
run_cleanup(PGconn *conn)
{
    PGresult   *res;

    res = PQexec(conn, "SELECT pg_try_advisory_lock(910002)");
    if (PQresultStatus(res) != PGRES_TUPLES_OK)
    {
        pgu_log("cleanup: lock query failed: %s", PQerrorMessage(conn));
        PQclear(res);
        return;
    }
    PQclear(res);

    pgu_exec_ok(conn, "DELETE FROM sessions WHERE expires_at < now() - interval '7 days'");
    pgu_unlock(conn, LOCK_CLEANUP);
}

void
run_reindex(PGconn *conn)
{
    PGresult   *res;

    res = PQexec(conn, "SELECT pg_try_advisory_lock(910003)");
    if (PQresultStatus(res) == PGRES_TUPLES_OK && strcmp(PQgetvalue(res, 0, 0), "t"))
    {
        PQclear(res);
        pgu_exec_ok(conn, "REINDEX TABLE CONCURRENTLY events");
        pgu_unlock(conn, LOCK_REINDEX);
        return;
    }
    PQclear(res);
}

void
run_refresh_views(PGconn *conn)
{
    PGresult   *res;
    const char *v;
    int         locked;

    res = PQexec(conn, "SELECT pg_try_advisory_lock(910005)");
    if (PQresultStatus(res) != PGRES_TUPLES_OK)
    {
        PQclear(res);
        return;
    }
    v = PQgetvalue(res, 0, 0);
    locked = (v[0] == 't');
    PQclear(res);

    pgu_log("refresh views: %s", locked ? "running" : "skipped");
    if (locked)
    {
        pgu_exec_ok(conn, "REFRESH MATERIALIZED VIEW CONCURRENTLY daily_usage");
        pgu_unlock(conn, LOCK_MATVIEWS);
    }
}
