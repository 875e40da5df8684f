#pragma once

#include <postgresql/libpq-fe.h>

#include <string>
#include <vector>

namespace stock {

// Affected row count, or -1 on error.
int pg_exec(PGconn* db, const char* sql, const std::vector<std::string>& params);
// First column of the first row as a number, or -1 on error / no row.
long long pg_value(PGconn* db, const char* sql, const std::vector<std::string>& params);

// Borrowed connection from the process-local pool.
class PooledConn {
public:
    PooledConn();
    ~PooledConn();
    PGconn* get() const { return conn_; }

private:
    PGconn* conn_;
};

}  // namespace stock
