#include "exporter.hpp"
#include "export_lock.hpp"

#include <chrono>
#include <iostream>

using std::chrono::milliseconds;
using std::chrono::minutes;
using std::chrono::seconds;

namespace exporter {

bool exportTenant(redisContext *ctx, const std::string &tenant) {
    ExportLock lock(ctx, "tenant:" + tenant, minutes(2));
    lock.acquire();
    if (!lock.isHeld()) {
        std::clog << "tenant export " << tenant << " already running\n";
        return false;
    }
    const bool ok = writeTenantExport(tenant);
    lock.unlock();
    return ok;
}

bool exportAll(redisContext *ctx) {
    ExportLock lock(ctx, "all", minutes(10));
    lock.acquire();
    const bool ok = runFullExport();
    lock.unlock();
    return ok;
}

bool exportDelta(redisContext *ctx, const std::string &since) {
    ExportLock lock(ctx, "delta", seconds(90));
    if (!lock.tryLock())
        return false;
    return writeDelta(since);  // destructor releases
}

bool exportRegion(redisContext *ctx, const std::string &region) {
    ExportLock lock(ctx, "region:" + region, seconds(30));
    if (!lock.lockWithin(seconds(20)))
        return false;

    const int n = regionChunks(region);
    for (int i = 0; i < n; ++i) {
        if (!writeRegionChunk(region, i))
            return false;
        void *r = redisCommand(ctx, "SET export:cursor:%s %d", region.c_str(), i + 1);
        if (r) freeReplyObject(r);
        lock.extend();
    }
    lock.unlock();
    return true;
}

bool exportArchive(redisContext *ctx, int days) {
    ExportLock lock(ctx, "archive", minutes(5));
    lock.acquire();
    const bool mine = lock.owns();
    if (!mine)
        return false;
    return archiveOld(days);
}

}  // namespace exporter
