#pragma once

#include <string>
#include <vector>

namespace warehouse {

struct OrderLine {
  std::string sku;
  int qty;
};

struct Order {
  std::string id;
  std::vector<OrderLine> lines;
};

// Implemented by the warehouse-gateway module.
bool QueuePickList(const Order& order);
bool CancelPickList(const std::string& order_id);
bool SplitIntoParcels(const Order& order, int parcels);
void NotifyPurchasing(const std::string& sku, int shortfall);

}  // namespace warehouse
