// RUN: %check_distlock %s distlock-release-not-on-every-path %t -- -std=c++17 -isystem %stubs -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin %s distlock-release-not-on-every-path %t-plugin -- -std=c++17 -isystem %stubs -I/usr/include/postgresql

#include <hiredis/hiredis.h>
#include <libpq-fe.h>
#include <sw/redis++/redis++.h>
#include <chrono>
#include <string>
#include <vector>

using namespace std::chrono_literals;

bool step(int);

// An early return between acquire and release.
void earlyReturn(sw::redis::Redis &redis, const std::string &token) {
  if (!redis.set("lock:import", token, 30s, sw::redis::UpdateType::NOT_EXIST))
    return;
  if (!step(1))
    return;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'return' leaves the scope of lock 'lock:import' before its release: the lock stays held until its TTL (30s) expires [distlock-release-not-on-every-path]
  step(2);
  redis.del("lock:import");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: the lock is released here on the other paths
}

// break out of the loop that holds the release.
void breakSkips(redisContext *c, const char *token, const std::vector<int> &items) {
  for (int item : items) {
    auto *reply = static_cast<redisReply *>(redisCommand(c, "SET lock:item %s NX PX 5000", token));
    bool taken = reply && reply->type == REDIS_REPLY_STATUS;
    freeReplyObject(reply);
    if (!taken)
      continue;
    if (!step(item))
      break;
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'break' leaves the scope of lock 'lock:item' before its release: the lock stays held until its TTL (5000 ms) expires
    freeReplyObject(redisCommand(c, "DEL lock:item"));
  }
}

// A session-level advisory lock: held until the connection closes.
void advisory(PGconn *conn) {
  PGresult *taken = PQexec(conn, "SELECT pg_try_advisory_lock(42)");
  if (PQgetvalue(taken, 0, 0)[0] != 't')
    return;
  if (!step(3))
    return;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'return' leaves the scope of an advisory lock before 'pg_advisory_unlock': a session-level lock stays held until the connection closes, which in a pool may be never
  PQclear(PQexec(conn, "SELECT pg_advisory_unlock(42)"));
}

// An exception from a call between acquire and release skips the release.
struct BadRow {};
struct Row {
  int id;
};
void validate(const Row &row) {
  if (row.id < 0)
    throw BadRow{};
}
void store(const Row &row) { validate(row); }

void throwsThrough(sw::redis::Redis &redis, const std::string &token, const Row &row) {
  if (!redis.set("lock:rows", token, 30s, sw::redis::UpdateType::NOT_EXIST))
    return;
  store(row);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'store' may throw between the acquire and the release of lock 'lock:rows', and no handler releases: the lock stays held until its TTL (30s) expires [distlock-release-not-on-every-path]
  redis.del("lock:rows");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: the lock is released here when nothing throws
}

void advisoryThrows(PGconn *conn, const Row &row) {
  PGresult *taken = PQexec(conn, "SELECT pg_try_advisory_lock(7)");
  if (PQgetvalue(taken, 0, 0)[0] != 't')
    return;
  validate(row);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'validate' may throw between the acquire and 'pg_advisory_unlock', and no handler releases: a session-level lock stays held until the connection closes, which in a pool may be never
  PQclear(PQexec(conn, "SELECT pg_advisory_unlock(7)"));
  // CHECK-MESSAGES: :[[@LINE-1]]:11: note: the lock is released here when nothing throws
}

// --- The correct forms stay silent. ---

// A handler releases before passing the exception on.
void handlerReleases(sw::redis::Redis &redis, const std::string &token, const Row &row) {
  if (!redis.set("lock:rows2", token, 30s, sw::redis::UpdateType::NOT_EXIST))
    return;
  try {
    store(row);
  } catch (...) {
    redis.del("lock:rows2");
    throw;
  }
  redis.del("lock:rows2");
}

// noexcept: clang's graph has no exception edge for it.
void checkedRow(const Row &row) noexcept { (void)row; }
void noThrow(sw::redis::Redis &redis, const std::string &token, const Row &row) {
  if (!redis.set("lock:rows3", token, 30s, sw::redis::UpdateType::NOT_EXIST))
    return;
  checkedRow(row);
  redis.del("lock:rows3");
}

// The called code is seen and does not throw; a call without a body here
// (step) says nothing either way.
int score(const Row &row) { return row.id * 2; }
void seenNotToThrow(sw::redis::Redis &redis, const std::string &token, const Row &row) {
  if (!redis.set("lock:rows4", token, 30s, sw::redis::UpdateType::NOT_EXIST))
    return;
  score(row);
  step(score(row));
  redis.del("lock:rows4");
}

// The throw comes after the release.
void throwsAfter(sw::redis::Redis &redis, const std::string &token, const Row &row) {
  if (!redis.set("lock:rows5", token, 30s, sw::redis::UpdateType::NOT_EXIST))
    return;
  redis.del("lock:rows5");
  store(row);
}

// Released before leaving.
void releasedFirst(sw::redis::Redis &redis, const std::string &token) {
  if (!redis.set("lock:ok", token, 30s, sw::redis::UpdateType::NOT_EXIST))
    return;
  if (!step(1)) {
    redis.del("lock:ok");
    return;
  }
  redis.del("lock:ok");
}

// The failure return comes before the lock is held.
void failureReturn(sw::redis::Redis &redis, const std::string &token) {
  if (!redis.set("lock:ok2", token, 30s, sw::redis::UpdateType::NOT_EXIST))
    return;
  step(1);
  redis.del("lock:ok2");
}

// break from a loop that does not hold the release: the release still runs.
void breakBeforeRelease(sw::redis::Redis &redis, const std::string &token) {
  if (!redis.set("lock:ok3", token, 30s, sw::redis::UpdateType::NOT_EXIST))
    return;
  for (int i = 0; i < 3; ++i)
    if (!step(i))
      break;
  redis.del("lock:ok3");
}

// A return inside a lambda leaves the lambda, not the function.
void lambdaReturn(sw::redis::Redis &redis, const std::string &token) {
  if (!redis.set("lock:ok4", token, 30s, sw::redis::UpdateType::NOT_EXIST))
    return;
  auto check = [](int i) {
    if (i < 0)
      return false;
    return step(i);
  };
  check(1);
  redis.del("lock:ok4");
}

// Released elsewhere (or by its TTL): nothing here to skip.
void noReleaseHere(sw::redis::Redis &redis, const std::string &token) {
  if (!redis.set("lock:ok5", token, 30s, sw::redis::UpdateType::NOT_EXIST))
    return;
  if (!step(1))
    return;
  step(2);
}

// A throw inside a try whose handler may release.
void caught(sw::redis::Redis &redis, const std::string &token) {
  if (!redis.set("lock:ok6", token, 30s, sw::redis::UpdateType::NOT_EXIST))
    return;
  try {
    if (!step(1))
      throw 1;
  } catch (...) {
    redis.del("lock:ok6");
    return;
  }
  redis.del("lock:ok6");
}
