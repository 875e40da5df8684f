#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

#include "sweeper_db.h"

enum sweep_kind { SWEEP_CARD, SWEEP_BANK, SWEEP_WALLET };

int sweep_batch(PGconn *conn, enum sweep_kind kind);
atomic_bool g_sweeping = 1;

int sweep_now(const char *dsn, enum sweep_kind kind)
{
    PGconn *conn = sweeper_connect(dsn);
    if (conn == NULL)
        return -1;
    int rc = -1;
    if (db_ok(conn, "SELECT pg_advisory_lock(9100)")) {
        rc = sweep_batch(conn, kind);
        if (!db_unlock(conn, 9100))
            rc = -1;
    }
    PQfinish(conn);
    return rc;
}

int sweep_report(const char *dsn)
{
    PGconn *conn = sweeper_connect_reporting(dsn);
    if (conn == NULL)
        return -1;
    int ok = db_ok(conn, "SET statement_timeout = '20s'") &&
             db_ok(conn, "SELECT pg_advisory_lock(9101)");
    if (ok) {
        ok = db_ok(conn, "REFRESH MATERIALIZED VIEW payout_totals");
        db_unlock(conn, 9101);
    }
    PQfinish(conn);
    return ok ? 0 : -1;
}

int sweep_patiently(PGconn *conn, enum sweep_kind kind)
{
    int got = 0;
    for (int errors = 0; errors < 3;) {
        got = db_try_lock(conn, 9102);
        if (got < 0) {
            errors++;
            continue;
        }
        if (got)
            break;
        sleep(1);
    }
    if (got != 1)
        return -1;
    int rc = sweep_batch(conn, kind);
    return db_unlock(conn, 9102) ? rc : -1;
}

int sweep_kind(PGconn *conn, enum sweep_kind kind)
{
    if (db_try_lock(conn, 9103) != 1)
        return 0;
    switch (kind) {
    case SWEEP_CARD:
    case SWEEP_BANK:
        break;
    case SWEEP_WALLET:
        fprintf(stderr, "sweeper: wallets are swept by the wallet service\n");
        return 0;
    }
    int rc = sweep_batch(conn, kind);
    return db_unlock(conn, 9103) ? rc : -1;
}

int sweep_in_txn(PGconn *conn, enum sweep_kind kind)
{
    if (!db_ok(conn, "BEGIN"))
        return -1;
    if (!db_ok(conn, "SELECT pg_advisory_xact_lock(9104)")) {
        db_ok(conn, "ROLLBACK");
        return -1;
    }
    if (sweep_batch(conn, kind) < 0)
        return -1;
    return db_ok(conn, "COMMIT") ? 0 : -1;
}

void sweep_daemon(PGconn *conn)
{
    while (atomic_load(&g_sweeping)) {
        if (db_try_lock(conn, 9105) == 1) {
            sweep_batch(conn, SWEEP_BANK);
            if (!db_unlock(conn, 9105))
                fprintf(stderr, "sweeper: unlock 9105 failed\n");
        }
        sleep(15);
    }
}
