// The service's connection: every query goes through execute().
#pragma once
#include <mysql.h>
#include <string>

class Database {
public:
  explicit Database(MYSQL *db) : db_(db) {}
  /// True when the server ran the query; the rows are not read here.
  bool execute(const std::string &sql);

private:
  MYSQL *db_;
};
