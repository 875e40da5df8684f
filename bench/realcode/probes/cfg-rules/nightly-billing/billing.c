#include <stdio.h>
#include <unistd.h>

#include "mysql_lock.h"

int charge_account(MYSQL *db, long id);
int refund_account(MYSQL *db, long id);
int close_period(MYSQL *db);

int bill_accounts(MYSQL *db, const long *ids, int n)
{
    char name[64];
    int done = 0;
    for (int i = 0; i < n; i++) {
        snprintf(name, sizeof name, "acct:%ld", ids[i]);
        if (ml_get(db, name, 5) != 1)
            continue;
        if (charge_account(db, ids[i]) < 0)
            break;
        if (ml_release(db, name) == 1)
            done++;
    }
    return done;
}

int bill_period(MYSQL *db)
{
    if (ml_get(db, "billing:period", -1) != 1)
        return -1;
    int rc = close_period(db);
    return ml_release(db, "billing:period") == 1 ? rc : -1;
}

int bill_period_polite(MYSQL *db)
{
    int tries = 0, rc;
retry:
    rc = ml_get(db, "billing:period", 0);
    if (rc == 0 && ++tries < 10) {
        sleep(3);
        goto retry;
    }
    if (rc != 1)
        return -1;
    rc = close_period(db);
    return ml_release(db, "billing:period") == 1 ? rc : -1;
}

int bill_period_stubborn(MYSQL *db)
{
    int rc;
retry:
    rc = ml_get(db, "billing:period", 0);
    if (rc != 1) {
        sleep(3);
        goto retry;
    }
    rc = close_period(db);
    return ml_release(db, "billing:period") == 1 ? rc : -1;
}

static int settle(MYSQL *db, long id, int depth)
{
    char name[64];
    snprintf(name, sizeof name, "acct:%ld", id);
    if (ml_get(db, name, 2) != 1)
        return depth < 4 ? settle(db, id, depth + 1) : -1;
    int rc = charge_account(db, id);
    return ml_release(db, name) == 1 ? rc : -1;
}

static int refund(MYSQL *db, long id)
{
    char name[64];
    snprintf(name, sizeof name, "acct:%ld", id);
    if (ml_get(db, name, 2) != 1) {
        sleep(1);
        return refund(db, id);
    }
    int rc = refund_account(db, id);
    if (ml_release(db, name) != 1)
        rc = -1;
    return rc;
}

int settle_and_refund(MYSQL *db, long id)
{
    int rc = settle(db, id, 0);
    if (rc < 0)
        goto out;
    rc = refund(db, id);
out:
    return rc;
}
