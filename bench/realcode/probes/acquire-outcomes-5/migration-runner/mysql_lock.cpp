#include "mysql_lock.hpp"

#include <memory>

namespace mig {

namespace {

std::string escaped(MYSQL *db, const std::string &s) {
    std::string out(s.size() * 2 + 1, '\0');
    const unsigned long n = mysql_real_escape_string(db, &out[0], s.data(), s.size());
    out.resize(n);
    return out;
}

using ResultPtr = std::unique_ptr<MYSQL_RES, decltype(&mysql_free_result)>;

} // namespace

std::string getLockCell(MYSQL *db, const std::string &name, int timeoutSec) {
    const std::string sql =
        "SELECT GET_LOCK('" + escaped(db, name) + "', " + std::to_string(timeoutSec) + ")";
    if (mysql_query(db, sql.c_str()) != 0) {
        throw LockError(std::string("GET_LOCK failed: ") + mysql_error(db));
    }
    ResultPtr res(mysql_store_result(db), &mysql_free_result);
    if (!res) {
        throw LockError(std::string("GET_LOCK returned no result: ") + mysql_error(db));
    }
    MYSQL_ROW row = mysql_fetch_row(res.get());
    if (row == nullptr || row[0] == nullptr) {
        return std::string();
    }
    return std::string(row[0]);
}

void acquireOrThrow(MYSQL *db, const std::string &name, int timeoutSec) {
    const std::string cell = getLockCell(db, name, timeoutSec);
    if (cell == "1") return;
    if (cell == "0") throw LockBusy("lock '" + name + "' is held elsewhere");
    throw LockError("GET_LOCK('" + name + "') returned NULL");
}

void releaseNamed(MYSQL *db, const std::string &name) noexcept {
    const std::string sql = "SELECT RELEASE_LOCK('" + escaped(db, name) + "')";
    if (mysql_query(db, sql.c_str()) == 0) {
        MYSQL_RES *res = mysql_store_result(db);
        if (res) mysql_free_result(res);
    }
}

} // namespace mig
