#include "rollup.h"
#include "pg_lock.h"

#include <stdio.h>

static int exec_ok(PGconn *data, const char *sql, const char *arg)
{
    const char *params[1] = { arg };
    PGresult *r = PQexecParams(data, sql, arg ? 1 : 0, NULL, arg ? params : NULL, NULL, NULL, 0);
    int ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    if (!ok)
        fprintf(stderr, "rollup: %s", PQerrorMessage(data));
    PQclear(r);
    return ok;
}

int rollup_day(PGconn *lockconn, PGconn *data, const char *day)
{
    int rc = -1;

    if (pglk_try(lockconn, ROLLUP_LOCK_DAY) != 1)
        return 0;

    if (!exec_ok(data, "BEGIN", NULL))
        goto out;
    if (!exec_ok(data, "DELETE FROM daily_totals WHERE day = $1::date", day))
        goto rollback;
    if (!exec_ok(data,
                 "INSERT INTO daily_totals (day, account_id, cents) "
                 "SELECT $1::date, account_id, sum(cents) FROM charges "
                 "WHERE created_at::date = $1::date GROUP BY account_id", day))
        goto rollback;
    rc = exec_ok(data, "COMMIT", NULL) ? 1 : -1;
    goto out;

rollback:
    exec_ok(data, "ROLLBACK", NULL);
out:
    pglk_release(lockconn, ROLLUP_LOCK_DAY);
    return rc;
}

int rollup_month(PGconn *lockconn, PGconn *data, const char *month)
{
    int ok;

    if (pglk_try(lockconn, ROLLUP_LOCK_MONTH)) {
        ok = exec_ok(data,
                     "INSERT INTO monthly_totals (month, account_id, cents) "
                     "SELECT date_trunc('month', day), account_id, sum(cents) "
                     "FROM daily_totals WHERE to_char(day, 'YYYY-MM') = $1 "
                     "GROUP BY 1, 2", month);
        pglk_release(lockconn, ROLLUP_LOCK_MONTH);
        return ok ? 1 : -1;
    }
    return 0;
}

int rebuild_all(PGconn *lockconn, PGconn *data)
{
    int ok;

    if (pglk_wait(lockconn, ROLLUP_LOCK_ALL) != 0)
        return -1;
    ok = exec_ok(data, "TRUNCATE monthly_totals", NULL)
      && exec_ok(data, "REFRESH MATERIALIZED VIEW account_balances", NULL);
    pglk_release(lockconn, ROLLUP_LOCK_ALL);
    return ok ? 1 : -1;
}

int close_period(PGconn *lockconn, PGconn *data, const char *period)
{
    const char *params[1] = { period };
    PGresult *r;

    if (pglk_try(lockconn, ROLLUP_LOCK_PERIOD) != 1)
        return 0;

    r = PQexecParams(data,
                     "UPDATE billing_periods SET closed = true "
                     "WHERE label = $1 AND closed = false",
                     1, NULL, params, NULL, NULL, 0);
    if (PQresultStatus(r) != PGRES_COMMAND_OK) {
        fprintf(stderr, "close_period: %s", PQerrorMessage(data));
        PQclear(r);
        return -1;
    }
    PQclear(r);

    pglk_release(lockconn, ROLLUP_LOCK_PERIOD);
    return 1;
}
