// named_lock.h
//
// MySQL user-level locks (GET_LOCK / RELEASE_LOCK) for the report scheduler.
// A GET_LOCK is owned by the connection that took it, so the NamedLock must
// be used with the same MYSQL handle for acquire and release.
//
// GET_LOCK returns 1 (acquired), 0 (timed out) or NULL (error, e.g. killed
// or out of memory).  acquire() maps NULL and query failures to -1.
#pragma once

#include <mysql/mysql.h>

#include <string>

namespace reports {

class NamedLock {
public:
    explicit NamedLock(MYSQL *conn) : conn_(conn) {}

    // 1 = acquired, 0 = timed out, -1 = error.
    int acquire(const std::string &name, int timeoutSec);

    // Runs GET_LOCK and returns the fetched row; *res must be freed with
    // mysql_free_result by the caller.  nullptr when the query failed.
    MYSQL_ROW acquireRow(const std::string &name, int timeoutSec, MYSQL_RES **res);

    bool release(const std::string &name);

private:
    std::string quoted(const std::string &name);

    MYSQL *conn_;
};

struct SchedulerConfig {
    int nightlyWaitSec = 0;
    int weeklyWaitSec = 5;
    int exportWaitSec = 1;
    std::string outputDir = "/var/lib/reports";
};

}  // namespace reports
