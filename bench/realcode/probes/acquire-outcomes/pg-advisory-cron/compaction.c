/*
 * Segment compaction for the event store.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "pgutil.h"

int
compact_segments(PGconn *conn)
{
    int         ok;

    while (!pgu_try_lock(conn, LOCK_COMPACTION))
        sleep(2);

    ok = pgu_exec_ok(conn, "SELECT event_store.compact_all()");
    pgu_unlock(conn, LOCK_COMPACTION);
    return ok ? 0 : -1;
}

int
compact_one(PGconn *conn, const char *segment)
{
    const char *params[1] = {segment};
    PGresult   *res;
    PGresult   *upd;

    res = PQexec(conn, "SELECT pg_try_advisory_lock(910004)");
    if (PQresultStatus(res) != PGRES_TUPLES_OK || strcmp(PQgetvalue(res, 0, 0), "t") != 0)
    {
        PQclear(res);
        return 1;
    }
    PQclear(res);

    upd = PQexecParams(conn, "UPDATE segments SET state = 'compacting' WHERE name = $1", 1, NULL, params, NULL, NULL, 0);
    if (PQresultStatus(upd) != PGRES_COMMAND_OK)
    {
        pgu_log("compact %s: %s", segment, PQerrorMessage(conn));
        PQclear(upd);
        return -1;
    }
    PQclear(upd);

    pgu_exec_ok(conn, "SELECT event_store.compact_pending()");
    pgu_unlock(conn, LOCK_COMPACTION);
    return 0;
}

int
compact_with_budget(PGconn *conn, int max_wait_sec)
{
    int         waited = 0;
    int         ok;

    while (!pgu_try_lock(conn, LOCK_COMPACTION))
    {
        if (waited >= max_wait_sec)
            return 1;
        sleep(1);
        waited++;
    }
    ok = pgu_exec_ok(conn, "SELECT event_store.compact_all()");
    pgu_unlock(conn, LOCK_COMPACTION);
    return ok ? 0 : -1;
}
