#include "database.h"

namespace billing {

PGresult *Database::run(const std::string &sql) { return PQexec(connection_, sql.c_str()); }

// The statement goes out with a bound on how long it may wait for locks.
PGresult *Database::runWithTimeout(const std::string &sql) {
  PQclear(PQexec(connection_, "SET lock_timeout = '3s'"));
  return PQexec(connection_, sql.c_str());
}

} // namespace billing
