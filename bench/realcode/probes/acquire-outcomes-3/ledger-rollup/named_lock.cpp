#include "named_lock.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace ledger {

std::string NamedLock::quoted() const {
    std::vector<char> buf(name_.size() * 2 + 1);
    unsigned long n = mysql_real_escape_string(db_, buf.data(), name_.c_str(),
                                               name_.size());
    return "'" + std::string(buf.data(), n) + "'";
}

bool NamedLock::request(int timeout_s, int* held) {
    *held = 0;
    const std::string sql =
        "SELECT GET_LOCK(" + quoted() + ", " + std::to_string(timeout_s) + ")";
    if (mysql_query(db_, sql.c_str()) != 0) {
        std::fprintf(stderr, "named_lock %s: %s\n", name_.c_str(), mysql_error(db_));
        return false;
    }
    MYSQL_RES* res = mysql_store_result(db_);
    if (res == nullptr) {
        return false;
    }
    MYSQL_ROW row = mysql_fetch_row(res);
    if (row == nullptr || row[0] == nullptr) {
        // GET_LOCK returns NULL on internal errors (killed thread, OOM).
        mysql_free_result(res);
        return false;
    }
    *held = std::atoi(row[0]) == 1 ? 1 : 0;
    mysql_free_result(res);
    return true;
}

LockStatus NamedLock::acquire(int timeout_s) {
    int held = 0;
    if (!request(timeout_s, &held)) {
        return LockStatus::Error;
    }
    return held ? LockStatus::Held : LockStatus::Busy;
}

void NamedLock::release() {
    const std::string sql = "SELECT RELEASE_LOCK(" + quoted() + ")";
    if (mysql_query(db_, sql.c_str()) == 0) {
        if (MYSQL_RES* r = mysql_store_result(db_)) {
            mysql_free_result(r);
        }
    }
}

}  // namespace ledger
