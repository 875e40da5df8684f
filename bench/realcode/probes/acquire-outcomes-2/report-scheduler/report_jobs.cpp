// Scheduled report generation.  All scheduler replicas fire the same cron
// entries; the named lock decides which one actually renders.
#include <iostream>
#include <string>

#include "named_lock.h"

namespace reports {

class ReportJobs {
public:
    ReportJobs(MYSQL *conn, SchedulerConfig cfg) : conn_(conn), lock_(conn), cfg_(std::move(cfg)) {}

    void runNightly();
    void runWeekly();
    bool regenerate(long reportId);

private:
    bool render(const std::string &kind, long reportId);
    bool loadDefinition(long reportId, std::string *sqlOut);

    MYSQL *conn_;
    NamedLock lock_;
    SchedulerConfig cfg_;
};

bool ReportJobs::render(const std::string &kind, long reportId) {
    const std::string sql = "CALL render_report('" + kind + "', " + std::to_string(reportId) + ")";
    if (mysql_query(conn_, sql.c_str()) != 0) {
        std::cerr << "render " << kind << "/" << reportId << ": " << mysql_error(conn_) << '\n';
        return false;
    }
    return true;
}

bool ReportJobs::loadDefinition(long reportId, std::string *sqlOut) {
    const std::string q = "SELECT body FROM report_definitions WHERE id = " + std::to_string(reportId);
    if (mysql_query(conn_, q.c_str()) != 0) return false;
    MYSQL_RES *res = mysql_store_result(conn_);
    if (res == nullptr) return false;
    MYSQL_ROW row = mysql_fetch_row(res);
    const bool found = row != nullptr && row[0] != nullptr;
    if (found) *sqlOut = row[0];
    mysql_free_result(res);
    return found;
}

void ReportJobs::runNightly() {
    if (lock_.acquire("reports.nightly", cfg_.nightlyWaitSec) == 1) {
        render("nightly", 0);
        lock_.release("reports.nightly");
    } else {
        std::cerr << "nightly reports: another scheduler has it\n";
    }
}

void ReportJobs::runWeekly() {
    if (lock_.acquire("reports.weekly", cfg_.weeklyWaitSec)) {
        render("weekly", 0);
        lock_.release("reports.weekly");
        return;
    }
    std::cerr << "weekly reports: lock wait timed out\n";
}

bool ReportJobs::regenerate(long reportId) {
    const std::string name = "reports.regen." + std::to_string(reportId);
    if (lock_.acquire(name, 10) != 1) {
        return false;
    }
    std::string definition;
    if (!loadDefinition(reportId, &definition)) {
        std::cerr << "regenerate " << reportId << ": no definition\n";
        return false;
    }
    const bool ok = render("adhoc", reportId);
    lock_.release(name);
    return ok;
}

}  // namespace reports
