#include "pgdb.hpp"
#include "stock_lock.hpp"

#include <string>

namespace stock {

// Books a warehouse delivery onto the on-hand quantity.
bool apply_delivery(redisContext* redis, const std::string& sku, int received) {
    StockLock lock(redis, sku, 10000);
    if (!lock) return false;

    PooledConn db;
    long long on_hand = pg_value(db.get(), "SELECT qty FROM stock WHERE sku = $1", {sku});
    if (on_hand < 0) return false;

    int rows = pg_exec(db.get(), "UPDATE stock SET qty = $1 WHERE sku = $2",
                       {std::to_string(on_hand + received), sku});
    return rows == 1;
}

// Replaces the on-hand quantity with a physical count from the floor.
bool cycle_count(redisContext* redis, const std::string& sku, int counted) {
    StockLock lock(redis, sku, 10000);
    if (!lock) return false;

    PooledConn db;
    int rows = pg_exec(db.get(),
                       "UPDATE stock SET qty = $1, last_fence = $2 WHERE sku = $3 AND last_fence <= $2",
                       {std::to_string(counted), std::to_string(lock.fence()), sku});
    return rows == 1;
}

}  // namespace stock
