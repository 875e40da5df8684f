#include "pglock.h"
#include "pgutil.h"

#include <stdio.h>

void
pglock_init(struct pglock *lk, PGconn *conn, long long key)
{
    lk->conn = conn;
    lk->key = key;
    lk->held = 0;
}

int
pglock_try(struct pglock *lk)
{
    int got = db_query_int(lk->conn, sqlf("SELECT pg_try_advisory_lock(%lld)::int", lk->key));

    if (got == 1)
        lk->held = 1;
    return got;
}

/* For the deploy pipeline: wait our turn behind whichever pod is migrating. */
int
pglock_wait(struct pglock *lk)
{
    if (db_exec(lk->conn, sqlf("SELECT pg_advisory_lock(%lld)", lk->key)) != 0)
        return -1;
    lk->held = 1;
    return 0;
}

int
pglock_release(struct pglock *lk)
{
    int ok;

    if (!lk->held)
        return 0;
    ok = db_query_int(lk->conn, sqlf("SELECT pg_advisory_unlock(%lld)::int", lk->key));
    lk->held = 0;
    if (ok != 1) {
        fprintf(stderr, "migrator: advisory lock %lld was not held at release\n", lk->key);
        return -1;
    }
    return 0;
}
