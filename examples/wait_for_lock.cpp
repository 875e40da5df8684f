// Waiting for a lock: forever, or until a deadline.
#include <libpq-fe.h>
#include <sw/redis++/redis++.h>
#include <chrono>
#include <string>
#include <thread>

using namespace std::chrono_literals;

// Broken: if the holder hangs, every replica waits here forever.
void broken_waitForJobLock(sw::redis::Redis &redis, const std::string &token) {
  while (!redis.set("lock:jobs", token, 30s, sw::redis::UpdateType::NOT_EXIST))
    std::this_thread::sleep_for(100ms);
}

// Fixed: give up after five seconds.
bool fixed_waitForJobLock(sw::redis::Redis &redis, const std::string &token) {
  auto deadline = std::chrono::steady_clock::now() + 5s;
  while (!redis.set("lock:jobs", token, 30s, sw::redis::UpdateType::NOT_EXIST)) {
    if (std::chrono::steady_clock::now() >= deadline)
      return false;
    std::this_thread::sleep_for(100ms);
  }
  return true;
}

// Broken: pg_advisory_lock waits as long as the holder keeps it.
void broken_migrate(PGconn *db) { PQclear(PQexec(db, "SELECT pg_advisory_lock(1001)")); }

// Fixed: a lock_timeout first makes the wait fail after five seconds.
void fixed_migrate(PGconn *db) {
  PQclear(PQexec(db, "SET lock_timeout = '5s'"));
  PQclear(PQexec(db, "SELECT pg_advisory_lock(1001)"));
}
