// Services wrap a server-side try-lock in a method of their database class
// that answers true when the lock was taken. The method's callers are the
// acquires: a caller that drops the answer works without the lock. The
// answer is read as the server writes it (PostgreSQL's "t", MySQL's "1"),
// through strcmp, a ternary, or a flag assigned later. The unlock method is
// the release: a return that skips it leaves the session's lock held.
// RUN: %check_distlock %s distlock-acquire-unchecked,distlock-release-not-on-every-path,distlock-unbounded-acquire %t -- -std=c++17 -I/usr/include/postgresql -I/usr/include/mariadb
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked,distlock-release-not-on-every-path,distlock-unbounded-acquire %t-plugin -- -std=c++17 -I/usr/include/postgresql -I/usr/include/mariadb

#include <cstring>
#include <libpq-fe.h>
#include <mutex>
#include <mysql.h>
#include <string>

void settleInvoices();
void logBusy();

class Ledger {
public:
  bool tryLockAccount(long account);
  bool tryLockBatch();
  bool tryLockInverted();
  bool lockFree();
  bool settleAll();
  bool tryLockSerialized(long account);
  void unlockAccount(long account);
  PGconn *conn = nullptr;
  std::mutex connMutex;
};

// Locks, works and unlocks in its own SQL, then answers whether it did the
// work: its answer is not a lock held.
bool Ledger::settleAll() {
  PGresult *res = PQexec(conn, "SELECT pg_try_advisory_lock(9004)");
  bool taken = strcmp(PQgetvalue(res, 0, 0), "t") == 0;
  PQclear(res);
  if (!taken)
    return false;
  settleInvoices();
  PQclear(PQexec(conn, "SELECT pg_advisory_unlock(9004)"));
  return true;
}

// Guards the connection with a mutex of the process, let go before it
// answers: still a try-lock.
bool Ledger::tryLockSerialized(long account) {
  std::unique_lock<std::mutex> guard(connMutex);
  std::string query = "SELECT pg_try_advisory_lock(" + std::to_string(account) + ")";
  PGresult *res = PQexec(conn, query.c_str());
  bool taken = strcmp(PQgetvalue(res, 0, 0), "t") == 0;
  PQclear(res);
  guard.unlock();
  return taken;
}

bool Ledger::tryLockAccount(long account) {
  std::string query = "SELECT pg_try_advisory_lock(" + std::to_string(account) + ")";
  PGresult *res = PQexec(conn, query.c_str());
  bool taken = PQresultStatus(res) == PGRES_TUPLES_OK && strcmp(PQgetvalue(res, 0, 0), "t") == 0;
  PQclear(res);
  return taken;
}

bool Ledger::tryLockBatch() {
  PGresult *res = PQexec(conn, "SELECT pg_try_advisory_lock(9001)");
  bool taken;
  taken = strcmp(PQgetvalue(res, 0, 0), "t") == 0 ? true : false;
  PQclear(res);
  return taken;
}

// Answers true when the lock was NOT taken: its callers read it the other
// way round, and nothing here may say which.
bool Ledger::lockFree() {
  PGresult *res = PQexec(conn, "SELECT pg_try_advisory_lock(9002)");
  bool busy = strcmp(PQgetvalue(res, 0, 0), "t") == 0 ? false : true;
  PQclear(res);
  return busy;
}

// Compares with a text that is neither answer: unknown, so silent.
bool Ledger::tryLockInverted() {
  PGresult *res = PQexec(conn, "SELECT pg_try_advisory_lock(9003)");
  bool odd = strcmp(PQgetvalue(res, 0, 0), "yes") == 0;
  PQclear(res);
  return odd;
}

void Ledger::unlockAccount(long account) {
  std::string query = "SELECT pg_advisory_unlock(" + std::to_string(account) + ")";
  PQclear(PQexec(conn, query.c_str()));
}

void settleDropped(Ledger &ledger) {
  ledger.tryLockAccount(42);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'Ledger::tryLockAccount' is never checked: the code after it runs whether or not this process got the lock [distlock-acquire-unchecked]
  settleInvoices();
  ledger.unlockAccount(42);
}

void batchDropped(Ledger &ledger) {
  ledger.tryLockBatch();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'Ledger::tryLockBatch' is never checked
  settleInvoices();
}

bool ready();

void settleSkipsUnlock(Ledger &ledger) {
  if (!ledger.tryLockAccount(46))
    return;
  if (!ready())
    return;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'return' leaves the scope of an advisory lock before 'pg_advisory_unlock': a session-level lock stays held until the connection closes, which in a pool may be never [distlock-release-not-on-every-path]
  // CHECK-MESSAGES: :[[@LINE-5]]:8: note: lock acquired here
  settleInvoices();
  ledger.unlockAccount(46);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: the lock is released here on the other paths
}

// Unlocked on the early path too: silent.
void settleUnlocksEarly(Ledger &ledger) {
  if (!ledger.tryLockAccount(47))
    return;
  if (!ready()) {
    ledger.unlockAccount(47);
    return;
  }
  settleInvoices();
  ledger.unlockAccount(47);
}

void sleepSeconds(int seconds);

void settleWhenFree(Ledger &ledger) {
  while (!ledger.tryLockAccount(48))
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: this loop waits for lock 'pg_try_advisory_lock' with no deadline and no limit on attempts: one stuck holder blocks every waiter [distlock-unbounded-acquire]
    sleepSeconds(1);
  settleInvoices();
  ledger.unlockAccount(48);
}

void settleWithinTenTries(Ledger &ledger) {
  int tries = 0;
  while (!ledger.tryLockAccount(49)) {
    if (++tries == 10)
      return;
    sleepSeconds(1);
  }
  settleInvoices();
  ledger.unlockAccount(49);
}

void settleChecked(Ledger &ledger) {
  if (!ledger.tryLockAccount(43)) {
    logBusy();
    return;
  }
  settleInvoices();
  ledger.unlockAccount(43);
}

void settleKeptInFlag(Ledger &ledger) {
  bool held = ledger.tryLockAccount(44) ? true : false;
  if (held) {
    settleInvoices();
    ledger.unlockAccount(44);
  }
}

void settleInverted(Ledger &ledger) {
  if (ledger.lockFree())
    return;
  settleInvoices();
}

void settleAllDropped(Ledger &ledger) {
  ledger.settleAll();
  settleInvoices();
}

void serializedDropped(Ledger &ledger) {
  ledger.tryLockSerialized(50);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'Ledger::tryLockSerialized' is never checked
  settleInvoices();
}

void settleUnknownText(Ledger &ledger) {
  ledger.tryLockInverted();
  settleInvoices();
}

// MySQL's GET_LOCK answers "1" in its one cell when it took the lock.
class Jobs {
public:
  bool tryClaim(const char *name);
  MYSQL *db = nullptr;
};

bool Jobs::tryClaim(const char *name) {
  std::string query = std::string("SELECT GET_LOCK('") + name + "', 0)";
  if (mysql_query(db, query.c_str()) != 0)
    return false;
  MYSQL_RES *answer = mysql_store_result(db);
  if (!answer)
    return false;
  MYSQL_ROW row = mysql_fetch_row(answer);
  bool claimed = row && row[0] && strcmp(row[0], "1") == 0;
  mysql_free_result(answer);
  return claimed;
}

void runDropped(Jobs &jobs) {
  jobs.tryClaim("nightly");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'Jobs::tryClaim' is never checked
  settleInvoices();
}

void runChecked(Jobs &jobs) {
  if (jobs.tryClaim("nightly"))
    settleInvoices();
}

// A lock class that keeps the answer of its query helper in a member and
// hands the member back: the method answers as the helper does.
class AdvisoryLock {
public:
  bool tryLock();
  bool lockWithin(int attempts);
  bool unlock();

private:
  bool runBool(const char *sql);
  PGconn *conn = nullptr;
  const char *keyText = "42";
  bool held = false;
};

bool AdvisoryLock::runBool(const char *sql) {
  const char *params[1] = {keyText};
  PGresult *res = PQexecParams(conn, sql, 1, nullptr, params, nullptr, nullptr, 0);
  bool value = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 &&
               PQgetvalue(res, 0, 0)[0] == 't';
  PQclear(res);
  return value;
}

bool AdvisoryLock::tryLock() {
  held = runBool("SELECT pg_try_advisory_lock($1::bigint)");
  return held;
}

// Retried until it holds the lock; the budget returns from the loop.
bool AdvisoryLock::lockWithin(int attempts) {
  while (!tryLock()) {
    if (--attempts <= 0)
      return false;
    sleepSeconds(1);
  }
  return true;
}

bool AdvisoryLock::unlock() {
  if (!held)
    return false;
  held = false;
  return runBool("SELECT pg_advisory_unlock($1::bigint)");
}

void backfillDropped(AdvisoryLock &lock) {
  lock.tryLock();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'AdvisoryLock::tryLock' is never checked
  settleInvoices();
  lock.unlock();
}

void backfillPolling(AdvisoryLock &lock) {
  while (!lock.tryLock())
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: this loop waits for lock 'pg_try_advisory_lock' with no deadline and no limit on attempts
    sleepSeconds(2);
  settleInvoices();
  lock.unlock();
}

void backfillChecked(AdvisoryLock &lock) {
  if (!lock.tryLock())
    return;
  settleInvoices();
  lock.unlock();
}

bool rollbackLast(AdvisoryLock &lock, bool empty) {
  if (!lock.lockWithin(30))
    return false;
  if (empty)
    return false;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'return' leaves the scope of an advisory lock before 'pg_advisory_unlock'
  // CHECK-MESSAGES: :[[@LINE-5]]:8: note: lock acquired here
  settleInvoices();
  lock.unlock();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: the lock is released here on the other paths
  return true;
}

void rollbackDropped(AdvisoryLock &lock) {
  lock.lockWithin(30);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'AdvisoryLock::lockWithin' is never checked
  settleInvoices();
  lock.unlock();
}
