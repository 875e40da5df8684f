#include "lock_client.hpp"

#include <cstdlib>
#include <iostream>

std::string LockClient::lockName(const std::string& name) const {
    std::string full = prefix_ + "." + name;
    std::string esc(full.size() * 2 + 1, '\0');
    esc.resize(mysql_real_escape_string(conn_, &esc[0], full.c_str(), full.size()));
    return esc;
}

MYSQL_RES* LockClient::queryLock(const std::string& name, int timeoutSec) {
    std::string q = "SELECT GET_LOCK('" + lockName(name) + "', " +
                    std::to_string(timeoutSec) + ")";
    if (mysql_query(conn_, q.c_str())) {
        std::cerr << "GET_LOCK " << name << ": " << mysql_error(conn_) << '\n';
        return nullptr;
    }
    return mysql_store_result(conn_);
}

bool LockClient::granted(MYSQL_RES* res) {
    if (res == nullptr || mysql_num_rows(res) != 1) return false;
    MYSQL_ROW row = mysql_fetch_row(res);
    return row != nullptr && row[0] != nullptr && std::atoi(row[0]) == 1;
}

void LockClient::unlock(const std::string& name) {
    std::string q = "SELECT RELEASE_LOCK('" + lockName(name) + "')";
    if (mysql_query(conn_, q.c_str()) == 0) {
        if (MYSQL_RES* r = mysql_store_result(conn_)) mysql_free_result(r);
    }
}
