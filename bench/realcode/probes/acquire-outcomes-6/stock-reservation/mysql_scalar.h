#pragma once

#include <mysql/mysql.h>

namespace stock {

// Runs sql and, when a row comes back, stores its first column in *out
// (-1 for SQL NULL). Returns true when the statement ran and returned a row.
bool fetch_long(MYSQL *db, const char *sql, long *out);

}  // namespace stock
