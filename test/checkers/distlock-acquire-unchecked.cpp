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

// --- The correct forms stay silent. ---

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
