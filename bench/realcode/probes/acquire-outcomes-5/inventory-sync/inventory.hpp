#pragma once
#include <hiredis/hiredis.h>
#include <string>

namespace inv {

bool syncWarehouse(redisContext *ctx, const std::string &warehouseId);
bool adjustStock(redisContext *ctx, const std::string &sku, long delta);
bool rebuildSnapshot(redisContext *ctx, const std::string &warehouseId);
int auditCounts(redisContext *ctx, const std::string &warehouseId);

} // namespace inv
