#ifndef REPORT_WAREHOUSE_HPP
#define REPORT_WAREHOUSE_HPP

#include <string>
#include <vector>

namespace reports {

struct Row {
    std::string customer;
    double revenue = 0;
    long long orders = 0;
};

// Read side of the analytics warehouse plus the report bucket (libwh).
class Warehouse {
public:
    std::vector<Row> revenueByCustomer(const std::string& from, const std::string& to);
    bool upload(const std::string& path, const std::string& csv);
    bool exists(const std::string& path);
};

}  // namespace reports

#endif
