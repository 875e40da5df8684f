// RUN: %check_distlock %s distlock-acquire-unchecked %t \
// RUN:   --config="{CheckOptions: {LockApiModelFiles: '%S/Inputs/dist-lock-api.json'}}" \
// RUN:   -- -std=c++17 -isystem %stubs -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked %t-plugin \
// RUN:   --config="{CheckOptions: {LockApiModelFiles: '%S/Inputs/dist-lock-api.json'}}" \
// RUN:   -- -std=c++17 -isystem %stubs -I/usr/include/postgresql

#include <hiredis/hiredis.h>
#include <libpq-fe.h>
#include <pqxx/pqxx>
#include <sw/redis++/patterns/redlock.h>
#include <sw/redis++/redis++.h>
#include <chrono>
#include <string>

using namespace std::chrono_literals;

void buildReport();

// The reply is freed unread, and the report is built anyway.
void freedUnread(redisContext *c, const char *token) {
  freeReplyObject(redisCommand(c, "SET lock:report %s NX PX 30000", token));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: the result of 'SET ... NX' is never checked: the code after it runs whether or not this process got lock 'lock:report' [distlock-acquire-unchecked]
  buildReport();
}

// Kept in a variable that is only freed.
void keptThenFreed(redisContext *c, const char *token) {
  auto *reply = static_cast<redisReply *>(redisCommand(c, "SETNX lock:nightly %s", token));
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: the result of 'SETNX' is never checked{{.*}}lock 'lock:nightly'
  freeReplyObject(reply);
  buildReport();
}

// redis-plus-plus: the bool is dropped.
void droppedBool(sw::redis::Redis &redis, const std::string &token) {
  redis.set("lock:sync", token, 30s, sw::redis::UpdateType::NOT_EXIST);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'SET ... NX' is never checked{{.*}}lock 'lock:sync'
  buildReport();
}

// RedMutex::try_lock ignored.
void ignoredTryLock(sw::redis::Redis &redis) {
  sw::redis::RedMutex mutex(redis, "lock:resource");
  mutex.try_lock();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'sw::redis::RedMutex::try_lock' is never checked
  buildReport();
}

// pg_try_advisory_lock whose boolean is never read.
void advisoryUnread(PGconn *conn) {
  PQclear(PQexec(conn, "SELECT pg_try_advisory_lock(42)"));
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: the result of 'pg_try_advisory_lock' is never checked: the code after it runs whether or not this process got the lock
  buildReport();
}

void advisoryThroughPqxx(pqxx::work &txn) {
  txn.exec("SELECT pg_try_advisory_lock(7)");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'pg_try_advisory_lock' is never checked
  buildReport();
}

// A project's lock API, named in a model file, cast to void.
namespace app {
struct DistLock {
  bool tryAcquire(const std::string &key);
};
} // namespace app

void castToVoid(app::DistLock &lock) {
  (void)lock.tryAcquire("lock:cleanup");
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: the result of 'app::DistLock::tryAcquire' is never checked
  buildReport();
}

// A wrapper that returns the acquire's outcome, its result dropped.
bool tryLock(redisContext *c, const char *key, const char *token) {
  auto *reply = static_cast<redisReply *>(redisCommand(c, "SET %s %s NX PX 30000", key, token));
  bool taken = reply && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  return taken;
}

void droppedWrapper(redisContext *c, const char *token) {
  tryLock(c, "lock:export", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'SET ... NX' is never checked{{.*}}lock 'lock:export'
  buildReport();
}

// --- Tested, but the work runs on both outcomes. ---

void logWarning(const char *message);
void retryLater(const std::string &job);

// The failure is logged, and the report is built anyway.
void loggedAndIgnored(sw::redis::Redis &redis, const std::string &token) {
  if (!redis.set("lock:digest", token, 30s, sw::redis::UpdateType::NOT_EXIST)) {
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: the result of 'SET ... NX' is tested, but 'buildReport' runs whether or not this process got lock 'lock:digest' [distlock-acquire-unchecked]
    logWarning("digest lock busy");
  }
  buildReport();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
}

// Kept in a variable, tested later; both branches build the report.
void bothBranches(sw::redis::Redis &redis, const std::string &token) {
  bool locked = redis.set("lock:weekly", token, 30s, sw::redis::UpdateType::NOT_EXIST);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: the result of 'SET ... NX' is tested, but 'buildReport' runs whether or not this process got lock 'lock:weekly'
  if (locked) {
    buildReport();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: here with the lock
    redis.del("lock:weekly");
  } else {
    logWarning("weekly lock busy");
    buildReport();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: and here without it
  }
}

// The failure branch retries; its break ends the retry loop, not the
// branch, so the report is built whether or not a retry got the lock.
void retriedThenBuilt(sw::redis::Redis &redis, const std::string &token) {
  bool locked = redis.set("lock:hourly", token, 30s, sw::redis::UpdateType::NOT_EXIST);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: the result of 'SET ... NX' is tested, but 'buildReport' runs whether or not this process got lock 'lock:hourly'
  if (!locked) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      logWarning("hourly lock busy, retrying");
      locked = redis.set("lock:hourly", token, 30s, sw::redis::UpdateType::NOT_EXIST);
      if (locked)
        break;
    }
  }
  buildReport();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
}

// --- The correct forms stay silent. ---

// The failure branch does something else: it schedules a retry.
void otherWorkOnFailure(sw::redis::Redis &redis, const std::string &token) {
  if (redis.set("lock:daily", token, 30s, sw::redis::UpdateType::NOT_EXIST)) {
    buildReport();
    redis.del("lock:daily");
  } else {
    retryLater("daily");
  }
}

// The failure branch may leave: what follows is not known to run on both.
void mayLeave(sw::redis::Redis &redis, const std::string &token, int attempts) {
  if (!redis.set("lock:monthly", token, 30s, sw::redis::UpdateType::NOT_EXIST)) {
    logWarning("monthly lock busy");
    if (attempts > 3)
      return;
  }
  buildReport();
}

// The retries are tested again after the loop: the report waits for the lock.
void retriedThenTested(sw::redis::Redis &redis, const std::string &token) {
  bool locked = redis.set("lock:yearly", token, 30s, sw::redis::UpdateType::NOT_EXIST);
  if (!locked) {
    for (int attempt = 0; attempt < 3 && !locked; ++attempt) {
      locked = redis.set("lock:yearly", token, 30s, sw::redis::UpdateType::NOT_EXIST);
      if (locked)
        break;
    }
    if (!locked)
      return;
  }
  buildReport();
}

unsigned long threadId();
void logLine(const char *format, unsigned long id);

// Both branches log the thread's id: the id is part of the log line, not
// work of its own.
bool loggedBothWays(redisContext *c, const char *token) {
  auto *reply = static_cast<redisReply *>(redisCommand(c, "SET lock:log %s NX PX 30000", token));
  bool won = reply && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  if (won) {
    logLine("got lock:log on thread %lu", threadId());
    return true;
  } else {
    logLine("lock:log busy on thread %lu", threadId());
  }
  return false;
}

// The failure branch takes over an expired lock with GETSET; the same
// work there runs with the lock, taken that way.
bool takenOver(redisContext *c, const char *token, bool expired) {
  auto *reply = static_cast<redisReply *>(redisCommand(c, "SETNX lock:takeover %s", token));
  bool won = reply && reply->integer == 1;
  freeReplyObject(reply);
  if (won) {
    buildReport();
    return true;
  } else if (expired) {
    freeReplyObject(redisCommand(c, "GETSET lock:takeover %s", token));
    buildReport();
    return true;
  }
  return false;
}

// Only bookkeeping follows a logged failure.
void logsOnly(sw::redis::Redis &redis, const std::string &token) {
  if (redis.set("lock:audit", token, 30s, sw::redis::UpdateType::NOT_EXIST)) {
    buildReport();
  } else {
    logWarning("audit lock busy");
  }
  logWarning("audit done");
}

// The success branch returns: what follows the test runs only without the lock.
void successReturns(sw::redis::Redis &redis, const std::string &token) {
  if (redis.set("lock:quarter", token, 30s, sw::redis::UpdateType::NOT_EXIST)) {
    buildReport();
    return;
  } else {
    logWarning("quarter lock busy");
  }
  retryLater("quarter");
}

void checked(redisContext *c, const char *token) {
  auto *reply = static_cast<redisReply *>(redisCommand(c, "SET lock:ok %s NX PX 30000", token));
  bool taken = reply && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  if (!taken)
    return;
  buildReport();
}

void checkedBool(sw::redis::Redis &redis, const std::string &token) {
  if (!redis.set("lock:ok2", token, 30s, sw::redis::UpdateType::NOT_EXIST))
    return;
  buildReport();
}

void checkedAdvisory(PGconn *conn) {
  PGresult *result = PQexec(conn, "SELECT pg_try_advisory_lock(42)");
  bool taken = PQgetvalue(result, 0, 0)[0] == 't';
  PQclear(result);
  if (taken)
    buildReport();
}

// Returned to the caller, who decides: the caller is analyzed instead.
bool handedOn(sw::redis::Redis &redis, const std::string &token) {
  return redis.set("lock:ok3", token, 30s, sw::redis::UpdateType::NOT_EXIST);
}

// Blocking acquires cannot fail.
void blocking(PGconn *conn, sw::redis::Redis &redis) {
  PQclear(PQexec(conn, "SELECT pg_advisory_lock(42)"));
  sw::redis::RedMutex mutex(redis, "lock:blocking");
  mutex.lock();
  buildReport();
}

// A SET without NX always succeeds: set-without-nx reports it, not this check.
void overwrite(redisContext *c, const char *token) {
  freeReplyObject(redisCommand(c, "SET lock:plain %s PX 30000", token));
  buildReport();
}

// Nothing follows the acquire: no work runs unprotected.
void lastStatement(redisContext *c, const char *token) {
  freeReplyObject(redisCommand(c, "SET lock:tail %s NX PX 30000", token));
}

// The reply goes to a function that reads it.
bool inspect(redisReply *reply);
void readByHelper(redisContext *c, const char *token) {
  auto *reply = static_cast<redisReply *>(redisCommand(c, "SET lock:read %s NX PX 30000", token));
  bool taken = inspect(reply);
  freeReplyObject(reply);
  if (taken)
    buildReport();
}
