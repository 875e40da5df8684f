#pragma once
#include <libpq-fe.h>
#include <mysql.h>
#include <string>

namespace billing {

// Session-level locks kept by the database servers.
class DbLocks {
public:
  DbLocks(PGconn *pg, MYSQL *my) : pg_(pg), my_(my) {}
  bool tryLockAccount(long account);
  void unlockAccount(long account);
  bool tryClaimExport(const std::string &name);
  void releaseExport(const std::string &name);

private:
  PGconn *pg_;
  MYSQL *my_;
};

void settle(long account);
void writeExport(const std::string &name);
bool exportReady(const std::string &name);

} // namespace billing
