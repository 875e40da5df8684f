#include "inventory.hpp"

#include "redis_lock.hpp"
#include "warehouse_client.hpp"

#include <string>

namespace inv {

static std::string lockKeyFor(const std::string &warehouseId) {
    return "lock:inventory:" + warehouseId;
}

bool syncWarehouse(redisContext *ctx, const std::string &warehouseId) {
    RedisLock lock(ctx, lockKeyFor(warehouseId), 15000);

    switch (lock.tryAcquire()) {
    case LockStatus::Held: {
        bool allWritten = true;
        for (const StockLine &line : fetchWarehouseStock(warehouseId)) {
            allWritten &= lock.guardedHset("inventory:" + warehouseId, line.sku,
                                           std::to_string(line.onHand));
        }
        lock.release();
        return allWritten;
    }
    case LockStatus::Busy:
        logLine("sync skipped, another replica is syncing " + warehouseId);
        return false;
    case LockStatus::Failed:
        logLine("sync skipped, lock store unavailable");
        return false;
    }
    return false;
}

bool adjustStock(redisContext *ctx, const std::string &sku, long delta) {
    RedisLock lock(ctx, "lock:sku:" + sku, 5000);
    LockStatus st = lock.tryAcquire();
    if (st != LockStatus::Busy) {
        bool ok = postReservation(sku, delta);
        lock.release();
        return ok;
    }
    logLine(std::string("adjust deferred: ") + toString(st));
    return false;
}

bool rebuildSnapshot(redisContext *ctx, const std::string &warehouseId) {
    RedisLock lock(ctx, lockKeyFor(warehouseId), 30000);
    if (lock.tryAcquire() != LockStatus::Held) {
        return false;
    }
    const std::string hash = "inventory:snapshot:" + warehouseId;
    for (const StockLine &line : fetchWarehouseStock(warehouseId)) {
        void *raw = redisCommand(ctx, "HSET %s %s %ld", hash.c_str(), line.sku.c_str(), line.onHand);
        if (raw) freeReplyObject(raw);
    }
    lock.release();
    return true;
}

int auditCounts(redisContext *ctx, const std::string &warehouseId) {
    RedisLock lock(ctx, lockKeyFor(warehouseId), 10000);
    const LockStatus outcome = lock.tryAcquire();

    int mismatches = 0;
    if (outcome == LockStatus::Held) {
        for (const StockLine &line : fetchWarehouseStock(warehouseId)) {
            if (line.onHand < 0) ++mismatches;
        }
        lock.release();
    } else {
        logLine(std::string("audit not run: ") + toString(outcome));
        return -1;
    }
    return mismatches;
}

} // namespace inv
