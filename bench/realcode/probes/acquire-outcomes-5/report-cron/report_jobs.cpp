#include "report_jobs.hpp"
#include "mysql_util.hpp"

#include <cstring>
#include <iostream>
#include <string>

namespace reports {

bool runDaily(MYSQL *db) {
    MYSQL_RES *res = queryLock(db, "reports.daily", 5);
    if (res) {
        mysql_free_result(res);
        renderDaily(db);
        releaseLock(db, "reports.daily");
        return true;
    }
    std::cerr << "daily: lock query failed: " << mysql_error(db) << "\n";
    return false;
}

bool runWeekly(MYSQL *db) {
    MYSQL_RES *res = queryLock(db, "reports.weekly", 5);
    MYSQL_ROW row = res ? mysql_fetch_row(res) : nullptr;
    const bool held = row != nullptr && row[0] != nullptr && std::strcmp(row[0], "1") == 0;
    if (res) mysql_free_result(res);

    if (!held) {
        return false;
    }
    renderWeekly(db);
    releaseLock(db, "reports.weekly");
    return true;
}

bool runMonthly(MYSQL *db) {
    // Monthly numbers must never be skipped, so wait for whoever has it.
    long got = getLockValue(db, "reports.monthly", -1);
    if (got != 1) {
        return false;
    }
    renderMonthly(db);
    releaseLock(db, "reports.monthly");
    return true;
}

bool runQuarterly(MYSQL *db) {
    if (getLockValue(db, "reports.quarterly", 10) == 1) {
        try {
            renderQuarterly(db);
        } catch (...) {
            releaseLock(db, "reports.quarterly");
            throw;
        }
        releaseLock(db, "reports.quarterly");
        return true;
    }
    return false;
}

bool runAdhoc(MYSQL *db, int reportId) {
    const std::string name = "reports.adhoc." + std::to_string(reportId);
    long v = getLockValue(db, name, 2);
    if (v != 0) {
        renderAdhoc(db, reportId);
        releaseLock(db, name);
        return true;
    }
    return false;
}

} // namespace reports
