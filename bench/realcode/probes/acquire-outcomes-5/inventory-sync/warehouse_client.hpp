#pragma once
// Thin client for the warehouse management system (implemented elsewhere).
#include <string>
#include <vector>

namespace inv {

struct StockLine {
    std::string sku;
    long onHand;
};

std::vector<StockLine> fetchWarehouseStock(const std::string &warehouseId);
bool postReservation(const std::string &sku, long delta);
void logLine(const std::string &msg);

} // namespace inv
