#include "adv_lock.h"
#include "pgutil.h"

#include <stdio.h>

/* Moves a merchant's unsettled ledger rows into one payout row. */
int settle_merchant(PGconn *conn, int merchant_id)
{
    struct adv_lock lk;
    char sql[320];
    int rc = -1;

    adv_lock_init(&lk, conn, "settle", merchant_id);
    if (!adv_lock_wait(&lk, 5000)) {
        fprintf(stderr, "settle: %s busy\n", lk.label);
        return 1;
    }

    if (db_exec(conn, "BEGIN") != 0)
        goto out;
    sqlf(sql, sizeof sql,
         "INSERT INTO payouts (merchant_id, amount) SELECT %d, coalesce(sum(amount), 0) "
         "FROM ledger WHERE merchant_id = %d AND NOT settled", merchant_id, merchant_id);
    if (db_exec(conn, sql) != 0) {
        db_exec(conn, "ROLLBACK");
        goto out;
    }
    sqlf(sql, sizeof sql,
         "UPDATE ledger SET settled = true WHERE merchant_id = %d AND NOT settled", merchant_id);
    if (db_exec(conn, sql) != 0) {
        db_exec(conn, "ROLLBACK");
        goto out;
    }
    rc = db_exec(conn, "COMMIT");
out:
    adv_lock_release(&lk);
    return rc;
}

/* Freezes a business day once every merchant has been settled. */
int close_day(PGconn *conn, int yyyymmdd)
{
    struct adv_lock lk;
    char sql[200];

    adv_lock_init(&lk, conn, "close-day", yyyymmdd);
    db_scalar(conn, "SELECT pg_try_advisory_lock(%d, %d)", lk.ns, lk.id);
    lk.held = 1;

    int64_t open = db_scalar(conn, "SELECT count(*) FROM ledger WHERE day = %d AND NOT settled",
                             yyyymmdd);
    int rc = 0;
    if (open == 0) {
        sqlf(sql, sizeof sql, "INSERT INTO closed_days (day) VALUES (%d)", yyyymmdd);
        rc = db_exec(conn, sql);
    } else {
        rc = 1;
    }
    adv_lock_release(&lk);
    return rc;
}
