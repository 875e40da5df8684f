#include "pgutil.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long long db_scalar(PGconn *conn, const char *fmt, ...) {
  char sql[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(sql, sizeof sql, fmt, ap);
  va_end(ap);
  PGresult *res = PQexec(conn, sql);
  long long out = -1;
  if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1) {
    const char *v = PQgetvalue(res, 0, 0);
    if (strcmp(v, "t") == 0)
      out = 1;
    else if (strcmp(v, "f") == 0)
      out = 0;
    else
      out = strtoll(v, NULL, 10);
  }
  PQclear(res);
  return out;
}
