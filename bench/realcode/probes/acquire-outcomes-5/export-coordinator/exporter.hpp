#pragma once

#include <hiredis/hiredis.h>
#include <string>

namespace exporter {

// Sinks (sinks.cpp, outside this probe).
bool writeTenantExport(const std::string &tenant);
bool writeDelta(const std::string &since);
bool runFullExport();
int regionChunks(const std::string &region);
bool writeRegionChunk(const std::string &region, int chunk);
bool archiveOld(int days);

bool exportTenant(redisContext *ctx, const std::string &tenant);
bool exportAll(redisContext *ctx);
bool exportDelta(redisContext *ctx, const std::string &since);
bool exportRegion(redisContext *ctx, const std::string &region);
bool exportArchive(redisContext *ctx, int days);

}  // namespace exporter
