#include "adv_lock.h"
#include "pgutil.h"

#include <stdio.h>

/* Recomputes the cached balance from the ledger. */
int rebuild_balance(PGconn *conn, int merchant_id)
{
    struct adv_lock lk;
    char sql[256];

    adv_lock_init(&lk, conn, "settle", merchant_id);
    if (!adv_lock_try(&lk))
        return 1;

    int64_t sum = db_scalar(conn, "SELECT coalesce(sum(amount), 0) FROM ledger WHERE merchant_id = %d",
                            merchant_id);
    if (sum == DB_ERR)
        return -1;

    sqlf(sql, sizeof sql, "UPDATE balances SET amount = %lld WHERE merchant_id = %d",
         (long long)sum, merchant_id);
    int rc = db_exec(conn, sql);
    adv_lock_release(&lk);
    return rc;
}

/* Flags ledger rows that do not match the bank statement import. */
int reconcile_statement(PGconn *conn, int statement_id)
{
    char sql[256];
    int32_t ns = 0x5245434e; /* "RECN" */

    if (db_scalar(conn, "SELECT pg_try_advisory_lock(%d, %d)", ns, statement_id) < 0)
        return -1;

    sqlf(sql, sizeof sql,
         "UPDATE ledger l SET mismatch = true FROM statement_lines s "
         "WHERE s.statement_id = %d AND s.ref = l.ref AND s.amount <> l.amount", statement_id);
    int rc = db_exec(conn, sql);

    db_scalar(conn, "SELECT pg_advisory_unlock(%d, %d)", ns, statement_id);
    return rc;
}

/* Ops entry point: reports how many merchants are currently mid-settlement. */
int64_t settling_now(PGconn *conn)
{
    return db_scalar(conn, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted");
}
