#include "mysql_util.hpp"

#include <cstdlib>
#include <cstring>
#include <vector>

namespace reports {

namespace {

std::string quoted(MYSQL *db, const std::string &raw) {
    std::vector<char> buf(raw.size() * 2 + 1);
    unsigned long n = mysql_real_escape_string(db, buf.data(), raw.c_str(), raw.size());
    return "'" + std::string(buf.data(), n) + "'";
}

long firstCellAsLong(MYSQL_RES *res) {
    if (res == nullptr) return -1;
    MYSQL_ROW row = mysql_fetch_row(res);
    if (row == nullptr || row[0] == nullptr) return -1;
    return std::strtol(row[0], nullptr, 10);
}

} // namespace

MYSQL_RES *queryLock(MYSQL *db, const std::string &name, int timeoutSec) {
    std::string sql = "SELECT GET_LOCK(" + quoted(db, name) + ", " + std::to_string(timeoutSec) + ")";
    if (mysql_query(db, sql.c_str()) != 0) return nullptr;
    return mysql_store_result(db);
}

long getLockValue(MYSQL *db, const std::string &name, int timeoutSec) {
    MYSQL_RES *res = queryLock(db, name, timeoutSec);
    long v = firstCellAsLong(res);
    if (res) mysql_free_result(res);
    return v;
}

bool releaseLock(MYSQL *db, const std::string &name) {
    std::string sql = "SELECT RELEASE_LOCK(" + quoted(db, name) + ")";
    if (mysql_query(db, sql.c_str()) != 0) return false;
    MYSQL_RES *res = mysql_store_result(db);
    long v = firstCellAsLong(res);
    if (res) mysql_free_result(res);
    return v == 1;
}

} // namespace reports
