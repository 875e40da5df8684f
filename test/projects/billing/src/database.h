#pragma once
#include <libpq-fe.h>
#include <string>

namespace billing {

// One connection, and the queries the jobs run on it.
class Database {
public:
  explicit Database(PGconn *connection) : connection_(connection) {}
  PGresult *run(const std::string &sql);
  PGresult *runWithTimeout(const std::string &sql);

private:
  PGconn *connection_;
};

} // namespace billing
