#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

#include "NamedLock.h"

static std::mutex g_stockMutex;

bool ReserveStock(MYSQL* conn, const std::string& sku, const std::string& warehouse, int qty)
{
    CNamedLock skuLock(conn, "sku:" + sku);
    CNamedLock whLock(conn, "wh:" + warehouse);

    if (!skuLock.TryLock(5))
        return false;
    if (!whLock.TryLock(5)) {
        skuLock.Release();
        return false;
    }

    char sql[512];
    snprintf(sql, sizeof(sql),
             "UPDATE stock SET reserved = reserved + %d "
             "WHERE sku = '%s' AND warehouse = '%s' AND on_hand - reserved >= %d",
             qty, sku.c_str(), warehouse.c_str(), qty);
    bool ok = (mysql_query(conn, sql) == 0 && mysql_affected_rows(conn) == 1);

    whLock.Release();
    skuLock.Release();
    return ok;
}

bool AdjustOnHand(MYSQL* conn, const std::string& sku, long delta)
{
    std::lock_guard<std::mutex> guard(g_stockMutex);

    char sql[256];
    snprintf(sql, sizeof(sql), "SELECT on_hand FROM stock WHERE sku = '%s'", sku.c_str());
    if (mysql_query(conn, sql) != 0)
        return false;
    MYSQL_RES* res = mysql_store_result(conn);
    if (res == NULL)
        return false;
    MYSQL_ROW row = mysql_fetch_row(res);
    long onHand = (row && row[0]) ? atol(row[0]) : 0;
    mysql_free_result(res);

    snprintf(sql, sizeof(sql), "UPDATE stock SET on_hand = %ld WHERE sku = '%s'",
             onHand + delta, sku.c_str());
    return mysql_query(conn, sql) == 0;
}
