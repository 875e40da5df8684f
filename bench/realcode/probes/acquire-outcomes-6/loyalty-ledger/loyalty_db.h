#pragma once

#include <mysql/mysql.h>

#include <future>
#include <string>
#include <utility>

namespace loyalty {

// {ran, cell}: ran is true when the statement executed and returned a row;
// cell is the first column as text ("" for SQL NULL or when ran is false).
using Cell = std::pair<bool, std::string>;

Cell queryCell(MYSQL *db, const std::string &sql);
// Same query on a worker thread; the caller must not use db until get().
std::future<Cell> queryCellAsync(MYSQL *db, std::string sql);

std::string getLockSql(const char *name, int timeoutSec);
std::string releaseLockSql(const char *name);

}  // namespace loyalty
