#include <cstdio>

#include "migrator.h"

bool Exporter::exportTenant(long tenantId, const std::string &dest) {
    TenantLock lock(db_, tenantId);
    if (!lock.tryLockShared()) {
        std::fprintf(stderr, "tenant %ld is being migrated, export deferred\n", tenantId);
        return false;
    }
    bool ok = dump_.write(tenantId, dest);
    lock.unlockShared();
    return ok;
}
