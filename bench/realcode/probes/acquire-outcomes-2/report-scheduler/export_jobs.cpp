// Exports to the finance SFTP drop.  The drop folder is shared, so two
// exporters writing the same day's file would interleave rows.
#include <chrono>
#include <cstring>
#include <iostream>
#include <string>
#include <thread>

#include "named_lock.h"

namespace reports {

class ExportJobs {
public:
    ExportJobs(MYSQL *conn, SchedulerConfig cfg) : conn_(conn), lock_(conn), cfg_(std::move(cfg)) {}

    bool exportLedger(const std::string &day);
    bool exportAudit(const std::string &day);
    bool exportWhenFree(const std::string &day);

private:
    bool writeFile(const std::string &table, const std::string &day);

    MYSQL *conn_;
    NamedLock lock_;
    SchedulerConfig cfg_;
};

bool ExportJobs::writeFile(const std::string &table, const std::string &day) {
    const std::string sql = "SELECT * FROM " + table + " WHERE day = '" + day + "' INTO OUTFILE '" +
                            cfg_.outputDir + "/" + table + "-" + day + ".csv'";
    return mysql_query(conn_, sql.c_str()) == 0;
}

bool ExportJobs::exportLedger(const std::string &day) {
    MYSQL_RES *res = nullptr;
    MYSQL_ROW row = lock_.acquireRow("export.ledger", 0, &res);
    bool ok = false;
    if (row) {
        ok = writeFile("ledger_entries", day);
        lock_.release("export.ledger");
    }
    if (res) mysql_free_result(res);
    return ok;
}

bool ExportJobs::exportAudit(const std::string &day) {
    MYSQL_RES *res = nullptr;
    MYSQL_ROW row = lock_.acquireRow("export.audit", 0, &res);
    const bool held = row != nullptr && row[0] != nullptr && std::strcmp(row[0], "1") == 0;
    if (res) mysql_free_result(res);
    if (!held) {
        std::cerr << "audit export for " << day << " skipped: lock busy\n";
        return false;
    }
    const bool ok = writeFile("audit_events", day);
    lock_.release("export.audit");
    return ok;
}

bool ExportJobs::exportWhenFree(const std::string &day) {
    while (lock_.acquire("export.ledger", cfg_.exportWaitSec) != 1) {
        std::cerr << "ledger export busy, waiting\n";
        std::this_thread::sleep_for(std::chrono::seconds(1));
    }
    const bool ok = writeFile("ledger_entries", day);
    lock_.release("export.ledger");
    return ok;
}

}  // namespace reports
