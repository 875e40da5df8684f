#pragma once

#include <string>

namespace inventory {

class StockStore {
public:
    int available(const std::string &sku);
    bool hold(const std::string &sku, int qty, const std::string &orderId);
    void add(const std::string &sku, int qty);
    bool move(const std::string &from, const std::string &to, int qty);
    bool reconcile(const std::string &sku);
};

}  // namespace inventory
