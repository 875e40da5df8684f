/* Pulls per-tenant quota limits from the plans service into Redis. */
#include <stdio.h>

#include "dlock.h"

extern long long plans_fetch_limit(const char *tenant);
extern void limits_publish(const char *tenant, long long limit);
extern void limits_rebuild_all(void);
extern void usage_reset(const char *tenant);
extern int tenant_count(void);
extern const char *tenant_at(int i);

int sync_tenant(redisContext *rc, const char *tenant)
{
    dlock_t lk;
    int rc_lock;

    rc_lock = dlock_acquire(rc, tenant, 10000, &lk);
    if (rc_lock != 1)
        return rc_lock;

    limits_publish(tenant, plans_fetch_limit(tenant));
    dlock_release(rc, &lk);
    return 1;
}

int sync_all(redisContext *rc)
{
    dlock_t lk;
    int i, n = 0;

    if (dlock_acquire(rc, "all-tenants", 60000, &lk) > 0) {
        for (i = 0; i < tenant_count(); i++) {
            limits_publish(tenant_at(i), plans_fetch_limit(tenant_at(i)));
            n++;
        }
        dlock_release(rc, &lk);
    }
    return n;
}

int reset_tenant(redisContext *rc, const char *tenant)
{
    dlock_t lk;
    int st;

    st = dlock_acquire(rc, tenant, 10000, &lk);
    if (st == 0) {
        fprintf(stderr, "reset %s: busy\n", tenant);
        return 0;
    }

    usage_reset(tenant);
    dlock_release(rc, &lk);
    return 1;
}

int rebuild_limits(redisContext *rc)
{
    dlock_t lk;

    if (dlock_acquire(rc, "all-tenants", 60000, &lk) < 0)
        return -1;

    limits_rebuild_all();
    dlock_release(rc, &lk);
    return 0;
}
