#include "migrator.hpp"
#include "mysql_lock.hpp"

#include <iostream>

namespace mig {

static const char *const kSchemaLock = "migrations.schema";

bool applyPending(MYSQL *db) {
    try {
        acquireOrThrow(db, kSchemaLock, 30);
    } catch (const LockBusy &) {
        std::cout << "another instance is migrating; skipping\n";
        return false;
    } catch (const LockError &e) {
        std::cerr << "cannot lock schema: " << e.what() << '\n';
        return false;
    }

    try {
        applyAllPending(db);
    } catch (...) {
        releaseNamed(db, kSchemaLock);
        throw;
    }
    releaseNamed(db, kSchemaLock);
    return true;
}

bool applyHotfix(MYSQL *db) {
    try {
        acquireOrThrow(db, kSchemaLock, 5);
    } catch (const std::exception &e) {
        std::cerr << "warning: " << e.what() << '\n';
    }
    applyHotfixSteps(db);
    releaseNamed(db, kSchemaLock);
    return true;
}

bool stampVersion(MYSQL *db) {
    const std::string cell = getLockCell(db, kSchemaLock, 10);
    if (!cell.empty()) {
        const bool stamped = writeVersionStamp(db);
        releaseNamed(db, kSchemaLock);
        return stamped;
    }
    return false;
}

bool rollbackLast(MYSQL *db) {
    if (getLockCell(db, kSchemaLock, 10) == "1") {
        if (!hasHistory(db)) {
            std::cerr << "nothing to roll back\n";
            return false;
        }
        undoLastStep(db);
        releaseNamed(db, kSchemaLock);
        return true;
    }
    return false;
}

bool seedData(MYSQL *db) {
    std::string cell;
    try {
        cell = getLockCell(db, "migrations.seed", 15);
    } catch (const LockError &e) {
        std::cerr << e.what() << '\n';
        return false;
    }
    if (cell != "1") return false;

    bool ok = true;
    try {
        loadSeedRows(db);
    } catch (const std::exception &e) {
        std::cerr << "seed failed: " << e.what() << '\n';
        ok = false;
    }
    releaseNamed(db, "migrations.seed");
    return ok;
}

} // namespace mig
