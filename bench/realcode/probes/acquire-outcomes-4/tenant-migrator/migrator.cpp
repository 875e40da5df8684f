#include "migrator.h"

#include <cstdio>

bool Migrator::migrateTenant(long tenantId) {
    TenantLock lock(db_, tenantId);
    long got = lock.tryLock();
    if (got < 0) {
        std::fprintf(stderr, "tenant %ld: could not query lock state\n", tenantId);
        return false;
    }
    bool ok = schema_.apply(tenantId);
    lock.unlock();
    return ok;
}

bool Migrator::rollbackTenant(long tenantId) {
    TenantLock lock(db_, tenantId);
    if (lock.tryLock() != 1)
        return false;
    bool ok = schema_.revert(tenantId);
    lock.unlock();
    return ok;
}

bool Migrator::backfillTenant(long tenantId) {
    TenantLock lock(db_, tenantId);
    if (lock.tryLock() != 1)
        return false;
    if (!schema_.isCurrent(tenantId)) {
        std::fprintf(stderr, "tenant %ld: schema behind, backfill postponed\n", tenantId);
        return false;
    }
    bool ok = schema_.backfill(tenantId);
    lock.unlock();
    return ok;
}
