#include <cstdio>
#include <string>

#include "NamedLock.h"

bool Restock(MYSQL* conn, const std::string& warehouse, const std::string& sku, int qty)
{
    CNamedLock whLock(conn, "wh:" + warehouse);
    CNamedLock skuLock(conn, "sku:" + sku);

    if (!whLock.TryLock(5))
        return false;
    if (!skuLock.TryLock(5)) {
        whLock.Release();
        return false;
    }

    char sql[512];
    snprintf(sql, sizeof(sql),
             "UPDATE stock SET on_hand = on_hand + %d WHERE sku = '%s' AND warehouse = '%s'",
             qty, sku.c_str(), warehouse.c_str());
    if (mysql_query(conn, sql) != 0) {
        fprintf(stderr, "restock %s/%s: %s\n", warehouse.c_str(), sku.c_str(), mysql_error(conn));
        return false;
    }

    skuLock.Release();
    whLock.Release();
    return true;
}

void NightlyRecount(MYSQL* conn, const std::string& warehouse)
{
    CNamedLock whLock(conn, "wh:" + warehouse);
    whLock.Lock();

    char sql[512];
    snprintf(sql, sizeof(sql),
             "UPDATE stock s SET on_hand = (SELECT count(*) FROM stock_items i "
             "WHERE i.sku = s.sku AND i.warehouse = s.warehouse) WHERE s.warehouse = '%s'",
             warehouse.c_str());
    mysql_query(conn, sql);
    whLock.Release();
}
