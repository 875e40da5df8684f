/*
 * issuer.c - mints, imports and expires coupon codes.
 *
 * Every mutation of a campaign's code pool is supposed to run under the
 * campaign's advisory lock so two issuer replicas never mint the same
 * batch twice.
 */
#include <stdio.h>
#include <stdlib.h>

#include <libpq-fe.h>

#include "coupon_lock.h"

static int exec_cmd(PGconn *db, const char *sql, int n, const char *const *p)
{
    PGresult *r = PQexecParams(db, sql, n, NULL, p, NULL, NULL, 0);
    int ok = r != NULL && PQresultStatus(r) == PGRES_COMMAND_OK;

    if (!ok)
        fprintf(stderr, "issuer: %s", PQerrorMessage(db));
    if (r)
        PQclear(r);
    return ok ? 0 : -1;
}

static int mint_codes(PGconn *db, long long campaign, int count)
{
    char c[24], n[16];
    const char *p[2] = { c, n };

    snprintf(c, sizeof c, "%lld", campaign);
    snprintf(n, sizeof n, "%d", count);
    return exec_cmd(db,
        "INSERT INTO coupon_codes (campaign_id, code, state) "
        "SELECT $1::bigint, md5(random()::text), 'pending' "
        "FROM generate_series(1, $2::int)", 2, p);
}

static int pending_count(PGconn *db, long long campaign)
{
    char c[24];
    const char *p[1] = { c };
    PGresult *r;
    int n = -1;

    snprintf(c, sizeof c, "%lld", campaign);
    r = PQexecParams(db,
        "SELECT count(*) FROM coupon_codes WHERE campaign_id = $1::bigint "
        "AND state = 'pending'", 1, NULL, p, NULL, NULL, 0);
    if (r && PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1)
        n = atoi(PQgetvalue(r, 0, 0));
    if (r)
        PQclear(r);
    return n;
}

/* Nightly top-up: bring the pending pool back to its target size. */
int issuer_topup(PGconn *db, long long campaign, int target)
{
    coupon_lock lk;
    int have, rc;

    coupon_lock_init(&lk, db, campaign);
    rc = coupon_lock_try(&lk);
    if (rc != CL_HELD)
        return rc == CL_BUSY ? 0 : -1;

    have = pending_count(db, campaign);
    if (have >= 0 && have < target)
        mint_codes(db, campaign, target - have);

    coupon_lock_release(&lk);
    return 0;
}

/* Operator console: "give me N more codes for this campaign now". */
int issuer_grant_extra(PGconn *db, long long campaign, int n)
{
    coupon_lock lk;
    int made;

    coupon_lock_init(&lk, db, campaign);
    if (coupon_lock_try(&lk) < 0) {
        fprintf(stderr, "issuer: lock query failed for campaign %lld\n",
                campaign);
        return -1;
    }

    made = mint_codes(db, campaign, n);
    coupon_lock_release(&lk);
    return made;
}

/* Partner feed import: codes come from outside and are inserted verbatim. */
int issuer_import(PGconn *db, long long campaign,
                  const char *const *codes, int ncodes)
{
    coupon_lock lk;
    PGresult *res = NULL;
    char c[24];
    int i, failed = 0;

    coupon_lock_init(&lk, db, campaign);
    if (!coupon_lock_exec(&lk, &res)) {
        fprintf(stderr, "issuer: import aborted, no lock\n");
        return -1;
    }
    PQclear(res);

    snprintf(c, sizeof c, "%lld", campaign);
    for (i = 0; i < ncodes; i++) {
        const char *p[2] = { c, codes[i] };
        if (exec_cmd(db,
                "INSERT INTO coupon_codes (campaign_id, code, state) "
                "VALUES ($1::bigint, $2, 'pending') ON CONFLICT DO NOTHING",
                2, p) != 0)
            failed++;
    }

    coupon_lock_release(&lk);
    return failed;
}

/* Re-issue: move revoked codes back to pending. */
int issuer_reissue(PGconn *db, long long campaign)
{
    coupon_lock lk;
    PGresult *res = NULL;
    char c[24];
    const char *p[1] = { c };
    int granted, rc;

    coupon_lock_init(&lk, db, campaign);
    if (!coupon_lock_exec(&lk, &res))
        return -1;
    granted = coupon_lock_granted(res);
    PQclear(res);
    if (!granted)
        return 0;

    snprintf(c, sizeof c, "%lld", campaign);
    rc = exec_cmd(db,
        "UPDATE coupon_codes SET state = 'pending' "
        "WHERE campaign_id = $1::bigint AND state = 'revoked'", 1, p);

    coupon_lock_release(&lk);
    return rc;
}

/* Expiry sweep, run by cron. */
int issuer_expire(PGconn *db, long long campaign)
{
    coupon_lock lk;
    PGresult *res = NULL, *upd;
    char c[24];
    const char *p[1] = { c };

    coupon_lock_init(&lk, db, campaign);
    if (!coupon_lock_exec(&lk, &res))
        return -1;
    if (!coupon_lock_granted(res)) {
        PQclear(res);
        return 0;
    }
    PQclear(res);

    snprintf(c, sizeof c, "%lld", campaign);
    upd = PQexecParams(db,
        "UPDATE coupon_codes SET state = 'expired' "
        "WHERE campaign_id = $1::bigint AND expires_at < now()",
        1, NULL, p, NULL, NULL, 0);
    if (upd == NULL || PQresultStatus(upd) != PGRES_COMMAND_OK) {
        fprintf(stderr, "issuer: expire failed: %s", PQerrorMessage(db));
        if (upd)
            PQclear(upd);
        return -1;
    }
    PQclear(upd);

    coupon_lock_release(&lk);
    return 0;
}
