#pragma once
#include <string>

namespace inventory {

// Where a SKU's stock count lives.
inline std::string stockKey(const std::string &sku) { return "stock:" + sku; }

} // namespace inventory
