#include "db_locks.h"

namespace billing {

void settleDropped(DbLocks &locks, long account) {
  locks.tryLockAccount(account);
  settle(account);
  locks.unlockAccount(account);
}

bool settleChecked(DbLocks &locks, long account) {
  if (!locks.tryLockAccount(account))
    return false;
  settle(account);
  locks.unlockAccount(account);
  return true;
}

bool settleSkipsUnlock(DbLocks &locks, long account, bool dryRun) {
  if (!locks.tryLockAccount(account))
    return false;
  if (dryRun)
    return true;
  settle(account);
  locks.unlockAccount(account);
  return true;
}

} // namespace billing
