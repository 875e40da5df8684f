#pragma once

#include <libpq-fe.h>

#include <string>

namespace search {

// First cell of the first row, as text. Returns "" when the query failed,
// returned no rows, or the cell is NULL.
std::string firstCell(PGconn *conn, const std::string &sql);

// Runs a statement whose result is not needed (BEGIN/COMMIT/ROLLBACK).
void execQuiet(PGconn *conn, const char *sql);

}  // namespace search
