#include "close_work.h"
#include "pg_async.h"

#include <string.h>

enum {
    KEY_DAY_CLOSE = 41001,
    KEY_MONTH_CLOSE = 41002,
    KEY_QUARTER_CLOSE = 41003,
    KEY_YEAR_CLOSE = 41004
};

int close_day(PGconn *conn, const char *day)
{
    if (PQsendQuery(conn, "SELECT pg_try_advisory_lock(41001)") == 1) {
        adv_discard(conn);
        close_ledger_day(conn, day);
        adv_unlock(conn, KEY_DAY_CLOSE);
        return 0;
    }
    return -1;
}

int close_month(PGconn *conn, const char *month)
{
    PGresult *res;
    int got = 0;

    if (!adv_send_try(conn, KEY_MONTH_CLOSE))
        return -1;
    while ((res = PQgetResult(conn)) != NULL) {
        if (PQresultStatus(res) == PGRES_TUPLES_OK)
            got = 1;
        PQclear(res);
    }
    if (!got)
        return -1;
    close_ledger_month(conn, month);
    adv_unlock(conn, KEY_MONTH_CLOSE);
    return 0;
}

int close_quarter(PGconn *conn, const char *quarter)
{
    if (!adv_send_try(conn, KEY_QUARTER_CLOSE))
        return -1;
    if (adv_collect(conn) != 1)
        return 1;
    close_ledger_quarter(conn, quarter);
    adv_unlock(conn, KEY_QUARTER_CLOSE);
    return 0;
}

int close_year(PGconn *conn, const char *year)
{
    PGresult *res;
    int got = 0;

    if (!adv_send_try(conn, KEY_YEAR_CLOSE))
        return -1;
    while ((res = PQgetResult(conn)) != NULL) {
        if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 &&
            strcmp(PQgetvalue(res, 0, 0), "t") == 0)
            got = 1;
        PQclear(res);
    }
    if (!got)
        return 1;
    if (post_year_adjustments(conn, year) != 0)
        return -1;
    close_ledger_year(conn, year);
    adv_unlock(conn, KEY_YEAR_CLOSE);
    return 0;
}
