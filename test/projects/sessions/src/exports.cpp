#include "db_locks.h"

namespace billing {

void exportDropped(DbLocks &locks) {
  locks.tryClaimExport("ledger");
  writeExport("ledger");
  locks.releaseExport("ledger");
}

void exportChecked(DbLocks &locks, const std::string &name) {
  if (!locks.tryClaimExport(name))
    return;
  if (!exportReady(name)) {
    locks.releaseExport(name);
    return;
  }
  writeExport(name);
  locks.releaseExport(name);
}

} // namespace billing
