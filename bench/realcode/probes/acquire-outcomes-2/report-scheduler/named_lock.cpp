#include "named_lock.h"

#include <cstdlib>
#include <iostream>
#include <vector>

namespace reports {

std::string NamedLock::quoted(const std::string &name) {
    std::vector<char> buf(name.size() * 2 + 1);
    const unsigned long n = mysql_real_escape_string(conn_, buf.data(), name.c_str(), name.size());
    return "'" + std::string(buf.data(), n) + "'";
}

int NamedLock::acquire(const std::string &name, int timeoutSec) {
    const std::string sql = "SELECT GET_LOCK(" + quoted(name) + ", " + std::to_string(timeoutSec) + ")";
    if (mysql_query(conn_, sql.c_str()) != 0) {
        std::cerr << "GET_LOCK(" << name << ") failed: " << mysql_error(conn_) << '\n';
        return -1;
    }
    MYSQL_RES *res = mysql_store_result(conn_);
    if (res == nullptr) {
        std::cerr << "GET_LOCK(" << name << ") returned no result: " << mysql_error(conn_) << '\n';
        return -1;
    }
    MYSQL_ROW row = mysql_fetch_row(res);
    int outcome = -1;
    if (row != nullptr && row[0] != nullptr) {
        outcome = std::atoi(row[0]);
    }
    mysql_free_result(res);
    return outcome;
}

MYSQL_ROW NamedLock::acquireRow(const std::string &name, int timeoutSec, MYSQL_RES **res) {
    *res = nullptr;
    const std::string sql = "SELECT GET_LOCK(" + quoted(name) + ", " + std::to_string(timeoutSec) + ")";
    if (mysql_query(conn_, sql.c_str()) != 0) {
        std::cerr << "GET_LOCK(" << name << ") failed: " << mysql_error(conn_) << '\n';
        return nullptr;
    }
    *res = mysql_store_result(conn_);
    if (*res == nullptr) {
        return nullptr;
    }
    return mysql_fetch_row(*res);
}

bool NamedLock::release(const std::string &name) {
    const std::string sql = "SELECT RELEASE_LOCK(" + quoted(name) + ")";
    if (mysql_query(conn_, sql.c_str()) != 0) {
        std::cerr << "RELEASE_LOCK(" << name << ") failed: " << mysql_error(conn_) << '\n';
        return false;
    }
    MYSQL_RES *res = mysql_store_result(conn_);
    bool released = false;
    if (res != nullptr) {
        MYSQL_ROW row = mysql_fetch_row(res);
        released = row != nullptr && row[0] != nullptr && row[0][0] == '1';
        mysql_free_result(res);
    }
    return released;
}

}  // namespace reports
