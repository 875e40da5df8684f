#include "pgdb.hpp"
#include "stock_lock.hpp"

#include <mutex>
#include <string>

namespace stock {

enum class Reserve { Ok, Busy, OutOfStock, Stale, Error };

namespace {

std::mutex g_sales_mu;

void count_sale(PGconn* db, const std::string& day, int qty) {
    std::lock_guard<std::mutex> lk(g_sales_mu);
    long long sold = pg_value(db, "SELECT sold FROM daily_sales WHERE day = $1", {day});
    if (sold < 0) sold = 0;
    pg_exec(db,
            "INSERT INTO daily_sales (day, sold) VALUES ($1, $2) "
            "ON CONFLICT (day) DO UPDATE SET sold = EXCLUDED.sold",
            {day, std::to_string(sold + qty)});
}

}  // namespace

// Puts `qty` units of `sku` on hold for an order.
Reserve reserve(redisContext* redis, const std::string& sku, int qty, const std::string& order_id,
                const std::string& day) {
    StockLock lock(redis, sku, 10000);
    if (!lock) return Reserve::Busy;

    PooledConn db;
    int rows = pg_exec(db.get(),
                       "WITH upd AS (UPDATE stock SET reserved = reserved + $1, last_fence = $2 "
                       "  WHERE sku = $3 AND last_fence <= $2 AND qty - reserved >= $1 RETURNING sku) "
                       "INSERT INTO holds (order_id, sku, qty) SELECT $4, sku, $1 FROM upd",
                       {std::to_string(qty), std::to_string(lock.fence()), sku, order_id});
    if (rows < 0) return Reserve::Error;
    if (rows == 0) {
        long long seen = pg_value(db.get(), "SELECT last_fence FROM stock WHERE sku = $1", {sku});
        return seen > lock.fence() ? Reserve::Stale : Reserve::OutOfStock;
    }

    lock.release();
    count_sale(db.get(), day, qty);
    return Reserve::Ok;
}

}  // namespace stock
