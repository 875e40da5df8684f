// The nightly export: the lock's name is a member, the query's success is
// kept in a variable.
#include "database.h"

void exportLedger(Database &db);

class Exporter {
public:
  explicit Exporter(Database &db) : db_(db) {}

  void run() {
    bool sent = db_.execute("SELECT GET_LOCK('" + name_ + "', -1)");
    if (!sent)
      return;
    exportLedger(db_);
    db_.execute("SELECT RELEASE_LOCK('" + name_ + "')");
  }

  // A bounded wait: the timeout is not the issue here.
  void runBounded() {
    if (db_.execute("SELECT GET_LOCK('" + name_ + "', 10)"))
      exportLedger(db_);
  }

private:
  Database &db_;
  std::string name_ = "ledger-export";
};
