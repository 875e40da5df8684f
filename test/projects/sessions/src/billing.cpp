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

namespace billing {

void sleepSeconds(int seconds);

// Waits for the account's lock with no bound.
void settleWhenFree(DbLocks &locks, long account) {
  while (!locks.tryLockAccount(account))
    sleepSeconds(1);
  settle(account);
  locks.unlockAccount(account);
}

} // namespace billing
