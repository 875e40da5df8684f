// Monthly and quarterly revenue reports. Every report-builder replica runs
// the same cron, so the report lock decides which one actually builds.

#include "defer.hpp"
#include "report_lock.hpp"
#include "warehouse.hpp"

#include <cstdio>
#include <string>

namespace reports {

namespace {

std::string toCsv(const std::vector<Row>& rows) {
    std::string out = "customer,revenue,orders\n";
    char line[256];
    for (const Row& r : rows) {
        std::snprintf(line, sizeof line, "%s,%.2f,%lld\n", r.customer.c_str(), r.revenue,
                      r.orders);
        out += line;
    }
    return out;
}

}  // namespace

bool buildMonthlyReport(redisContext* c, Warehouse& wh, const std::string& month) {
    const std::string path = "reports/monthly/" + month + ".csv";

    ReportLock lock;
    if (!lock.init(c, "monthly:" + month, 10 * 60 * 1000)) return false;
    lock.tryLockFor(-1);
    Defer release([&lock] { lock.unlock(); });

    if (wh.exists(path)) return true;  // the replica that held the lock before us built it

    std::vector<Row> rows = wh.revenueByCustomer(month + "-01", month + "-31");
    return wh.upload(path, toCsv(rows));
}

bool buildQuarterlyReport(redisContext* c, Warehouse& wh, int year, int quarter) {
    char name[32];
    std::snprintf(name, sizeof name, "%d-Q%d", year, quarter);
    const std::string path = std::string("reports/quarterly/") + name + ".csv";

    ReportLock lock;
    if (!lock.init(c, std::string("quarterly:") + name, 20 * 60 * 1000)) return false;
    if (!lock.tryLock()) {
        std::fprintf(stderr, "reports: %s is being built elsewhere\n", name);
        return false;
    }
    Defer release([&lock] { lock.unlock(); });

    if (wh.exists(path)) return true;

    char from[16], to[16];
    std::snprintf(from, sizeof from, "%d-%02d-01", year, (quarter - 1) * 3 + 1);
    std::snprintf(to, sizeof to, "%d-%02d-31", year, quarter * 3);
    return wh.upload(path, toCsv(wh.revenueByCustomer(from, to)));
}

}  // namespace reports
