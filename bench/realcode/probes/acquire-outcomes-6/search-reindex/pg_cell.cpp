#include "pg_cell.h"

namespace search {

std::string firstCell(PGconn *conn, const std::string &sql) {
  PGresult *res = PQexec(conn, sql.c_str());
  std::string cell;
  if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) > 0 &&
      !PQgetisnull(res, 0, 0)) {
    cell = PQgetvalue(res, 0, 0);
  }
  PQclear(res);
  return cell;
}

void execQuiet(PGconn *conn, const char *sql) { PQclear(PQexec(conn, sql)); }

}  // namespace search
