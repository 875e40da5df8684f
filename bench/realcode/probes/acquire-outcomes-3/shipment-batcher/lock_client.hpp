#ifndef SHIPMENT_LOCK_CLIENT_HPP
#define SHIPMENT_LOCK_CLIENT_HPP

#include <mysql/mysql.h>

#include <string>

class LockClient {
public:
    explicit LockClient(MYSQL* conn, std::string prefix = "shipbatch")
        : conn_(conn), prefix_(std::move(prefix)) {}

    // SELECT GET_LOCK(<prefix>.<name>, timeout).  Returns the stored result
    // (one row, one column) or nullptr if the query could not be executed.
    // Caller owns the result and must mysql_free_result() it.
    MYSQL_RES* queryLock(const std::string& name, int timeoutSec);

    // Interprets a queryLock() result: true iff GET_LOCK returned 1.
    static bool granted(MYSQL_RES* res);

    void unlock(const std::string& name);

private:
    std::string lockName(const std::string& name) const;

    MYSQL* conn_;
    std::string prefix_;
};

#endif
