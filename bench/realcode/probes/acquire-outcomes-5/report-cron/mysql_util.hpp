#ifndef REPORT_CRON_MYSQL_UTIL_HPP
#define REPORT_CRON_MYSQL_UTIL_HPP

#include <mysql.h>
#include <string>

namespace reports {

// Runs "SELECT GET_LOCK(name, timeout)" and hands back the raw result set
// (caller frees it).  nullptr only when the statement itself failed.
MYSQL_RES *queryLock(MYSQL *db, const std::string &name, int timeoutSec);

// Same statement, decoded: 1 = lock granted, 0 = timed out, -1 = error/NULL.
long getLockValue(MYSQL *db, const std::string &name, int timeoutSec);

// RELEASE_LOCK(name); returns true when the server confirmed we released it.
bool releaseLock(MYSQL *db, const std::string &name);

} // namespace reports

#endif
