#pragma once

#include <string>
#include <vector>

#include <hiredis/hiredis.h>

#include "stock_store.h"

namespace inventory {

class Reserver {
public:
    Reserver(redisContext *redis, StockStore &stock) : redis_(redis), stock_(stock) {}

    bool reserve(const std::string &sku, int qty, const std::string &orderId);
    void restock(const std::string &sku, int qty);
    bool transfer(const std::string &from, const std::string &to, int qty);

private:
    redisContext *redis_;
    StockStore &stock_;
};

class Auditor {
public:
    Auditor(redisContext *redis, StockStore &stock) : redis_(redis), stock_(stock) {}
    int auditAll(const std::vector<std::string> &skus);

private:
    redisContext *redis_;
    StockStore &stock_;
};

}  // namespace inventory
