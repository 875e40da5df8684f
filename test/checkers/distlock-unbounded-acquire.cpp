// RUN: %check_distlock %s distlock-unbounded-acquire %t -- -std=c++17 -isystem %stubs -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin %s distlock-unbounded-acquire %t-plugin -- -std=c++17 -isystem %stubs -I/usr/include/postgresql

#include <hiredis/hiredis.h>
#include <libpq-fe.h>
#include <pqxx/pqxx>
#include <sw/redis++/patterns/redlock.h>
#include <sw/redis++/redis++.h>
#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>

using namespace std::chrono_literals;

// while (!acquire) sleep: only success ends it.
void waitForever(sw::redis::Redis &redis, const std::string &token) {
  while (!redis.set("lock:jobs", token, 30s, sw::redis::UpdateType::NOT_EXIST))
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: this loop waits for lock 'lock:jobs' with no deadline and no limit on attempts: one stuck holder blocks every waiter [distlock-unbounded-acquire]
  // CHECK-MESSAGES: :[[@LINE-2]]:11: note: acquire attempted here
    std::this_thread::sleep_for(100ms);
}

// for (;;) with a break on success.
void spin(redisContext *c, const char *token) {
  for (;;) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: this loop waits for lock 'lock:report' with no deadline
    auto *reply = static_cast<redisReply *>(
        redisCommand(c, "SET lock:report %s NX PX 10000", token));
    if (reply && reply->type == REDIS_REPLY_STATUS)
      break;
    std::this_thread::sleep_for(50ms);
  }
}

// The outcome kept in a variable computed from the reply, and a return on
// success: still only success ends the loop.
void spinOnFlag(redisContext *c, const char *token) {
  for (;;) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: this loop waits for lock 'lock:ledger' with no deadline
    auto *reply = static_cast<redisReply *>(
        redisCommand(c, "SET lock:ledger %s NX PX 10000", token));
    const bool taken = reply != nullptr && reply->type == REDIS_REPLY_STATUS;
    freeReplyObject(reply);
    if (taken)
      return;
    std::this_thread::sleep_for(50ms);
  }
}

// A flag computed from a flag computed from the reply.
void spinOnChainedFlag(redisContext *c, const char *token) {
  for (;;) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: this loop waits for lock 'lock:ledger' with no deadline
    auto *reply = static_cast<redisReply *>(
        redisCommand(c, "SET lock:ledger %s NX PX 10000", token));
    const bool answered = reply != nullptr;
    const bool taken = answered && reply->type == REDIS_REPLY_STATUS;
    freeReplyObject(reply);
    if (taken)
      break;
  }
}

// RedMutex::try_lock retried until it answers true, and with a deadline.
void spinOnRedMutex(sw::redis::Redis &redis) {
  sw::redis::RedMutex mutex(redis, "reports");
  while (!mutex.try_lock())
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: this loop waits for lock 'reports' with no deadline
    std::this_thread::sleep_for(50ms);
  mutex.unlock();
}
void redMutexWithDeadline(sw::redis::Redis &redis) {
  sw::redis::RedMutex mutex(redis, "reports");
  auto until = std::chrono::steady_clock::now() + 5s;
  while (!mutex.try_lock()) {
    if (std::chrono::steady_clock::now() > until)
      return;
    std::this_thread::sleep_for(50ms);
  }
  mutex.unlock();
}

// The same flag, but it also counts attempts: bounded.
void spinOnCountedFlag(redisContext *c, const char *token) {
  int tries = 0;
  for (;;) {
    auto *reply = static_cast<redisReply *>(
        redisCommand(c, "SET lock:ledger %s NX PX 10000", token));
    const bool done = (reply != nullptr && reply->type == REDIS_REPLY_STATUS) || ++tries > 20;
    freeReplyObject(reply);
    if (done)
      return;
    std::this_thread::sleep_for(50ms);
  }
}

// do/while on a result variable.
void doWhile(sw::redis::Redis &redis, const std::string &token) {
  bool ok = false;
  do {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: this loop waits for lock 'lock:sync' with no deadline
    ok = redis.set("lock:sync", token, 5s, sw::redis::UpdateType::NOT_EXIST);
  } while (!ok);
}

// An acquire wrapper, retried in another function.
bool tryLockExport(sw::redis::Redis &redis, const std::string &token) {
  return redis.set("lock:export", token, 30s, sw::redis::UpdateType::NOT_EXIST);
}
void exportAll(sw::redis::Redis &redis, const std::string &token) {
  while (!tryLockExport(redis, token)) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: this loop waits for lock 'lock:export' with no deadline
    std::this_thread::sleep_for(1s);
  }
}

// Blocking SQL locks with no lock_timeout first.
void blockingSql(PGconn *conn, pqxx::work &txn) {
  PQexec(conn, "SELECT pg_advisory_lock(42)");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'pg_advisory_lock' waits for the lock with no bound; no lock_timeout is set on this connection first [distlock-unbounded-acquire]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: run "SET lock_timeout = '5s'" before it, or use pg_try_advisory_lock in a loop with a deadline
  txn.exec("LOCK TABLE inventory IN EXCLUSIVE MODE");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'LOCK TABLE' waits for the lock with no bound
  PQexec(conn, "SELECT pg_advisory_xact_lock(7)");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'pg_advisory_xact_lock' waits for the lock with no bound
  PQexec(conn, "SET LOCAL lock_timeout = '5s'");
}

// A limit whose value comes at run time is set; whether it is zero is not
// known here, so nothing is said.
void runTimeTimeout(PGconn *conn, long timeoutMs) {
  std::string set = "SET lock_timeout = " + std::to_string(timeoutMs);
  PQexec(conn, set.c_str());
  PQexec(conn, "SELECT pg_advisory_lock(42)");
}

// A timeout of zero turns the limit off.
void zeroTimeout(PGconn *conn, pqxx::work &txn) {
  PQexec(conn, "SET lock_timeout = '0s'");
  PQexec(conn, "SELECT pg_advisory_lock(42)");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'pg_advisory_lock' waits for the lock with no bound
  txn.exec("SET LOCAL statement_timeout = 0");
  txn.exec("LOCK TABLE inventory");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'LOCK TABLE' waits for the lock with no bound
}

// Blocking Redis commands with timeout 0 on a lock or semaphore key.
constexpr int kForever = 0;
void blockingRedis(redisContext *c) {
  redisCommand(c, "BLPOP semaphore:printers %d", kForever);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'BLPOP' with timeout 0 waits for lock 'semaphore:printers' forever [distlock-unbounded-acquire]
  redisCommand(c, "BLMPOP 0 2 jobs:queue semaphore:scanners LEFT");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'BLMPOP' with timeout 0 waits for lock 'semaphore:scanners' forever
  redisCommand(c, "XREAD COUNT 1 BLOCK 0 STREAMS lock:leader $");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'XREAD' with timeout 0 waits for lock 'lock:leader' forever
}

// redis-plus-plus blpop: its timeout defaults to 0 seconds.
void blockingRedisPlusPlus(sw::redis::Redis &redis) {
  redis.blpop("semaphore:exports");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'BLPOP' with timeout 0 waits for lock 'semaphore:exports' forever
  redis.brpop("semaphore:exports", std::chrono::seconds(0));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'BRPOP' with timeout 0 waits for lock 'semaphore:exports' forever
  constexpr long long kWait = 0;
  redis.blpop("semaphore:exports", kWait);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'BLPOP' with timeout 0 waits for lock 'semaphore:exports' forever
  redis.blpop("semaphore:exports", 0s);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'BLPOP' with timeout 0 waits for lock 'semaphore:exports' forever
}
void boundedRedisPlusPlus(sw::redis::Redis &redis) {
  redis.blpop("semaphore:exports", std::chrono::seconds(5));
  redis.blpop("semaphore:exports", 5s);
  redis.brpop("semaphore:exports", 2);
  redis.blpop("jobs:queue");
}

// WAIT with timeout 0 after taking a lock: one replica down blocks forever.
void waitForReplicas(redisContext *c, const char *token) {
  redisCommand(c, "SET lock:ledger %s NX PX 10000", token);
  redisCommand(c, "WAIT 1 0");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'WAIT' with timeout 0 waits forever for replicas to confirm lock 'lock:ledger'; give it a timeout in milliseconds [distlock-unbounded-acquire]
}

// redis-plus-plus RedMutex::lock() retries forever.
void redMutex(sw::redis::Redis &redis) {
  sw::redis::RedMutex mutex(redis, "lock:red");
  mutex.lock();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'RedMutex::lock()' retries until it gets the lock, with no deadline; use try_lock_for() with a timeout
  mutex.unlock();
  std::lock_guard<sw::redis::RedMutex> guard(mutex);
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: 'RedMutex::lock()' retries until it gets the lock
}
void redMutexGuards(sw::redis::RedMutex &mutex) {
  {
    std::unique_lock<sw::redis::RedMutex> lock(mutex);
    // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 'RedMutex::lock()' retries until it gets the lock
  }
  {
    std::scoped_lock<sw::redis::RedMutex> lock(mutex);
    // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 'RedMutex::lock()' retries until it gets the lock
  }
  // Deferred: nothing is locked here.
  std::unique_lock<sw::redis::RedMutex> later(mutex, std::defer_lock);
}

// Negatives: bounded loops, timeouts set first, queue consumers, bounded mutex.
void deadline(sw::redis::Redis &redis, const std::string &token) {
  auto until = std::chrono::steady_clock::now() + 5s;
  while (!redis.set("lock:a", token, 30s, sw::redis::UpdateType::NOT_EXIST) &&
         std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(100ms);
}
void attempts(redisContext *c, const char *token) {
  for (int attempt = 0; attempt < 10; ++attempt) {
    auto *reply = static_cast<redisReply *>(redisCommand(c, "SET lock:b %s NX PX 100", token));
    if (reply && reply->type == REDIS_REPLY_STATUS)
      break;
  }
}
std::atomic<bool> stopping{false};
void cancellable(sw::redis::Redis &redis, const std::string &token) {
  for (;;) {
    if (redis.set("lock:c", token, 30s, sw::redis::UpdateType::NOT_EXIST))
      break;
    if (stopping.load())
      return;
  }
}
void timeoutFirst(PGconn *conn, pqxx::work &txn) {
  PQexec(conn, "SET lock_timeout = '10s'");
  PQexec(conn, "SELECT pg_advisory_lock(42)");
  txn.exec("SET LOCAL statement_timeout = 5000");
  txn.exec("LOCK TABLE inventory IN EXCLUSIVE MODE");
  txn.exec("LOCK TABLE orders NOWAIT");
  PQexec(conn, "SELECT pg_try_advisory_lock(42)");
}
void queueConsumer(redisContext *c) {
  redisCommand(c, "BRPOP jobs:queue 0");
  redisCommand(c, "XREAD BLOCK 0 STREAMS events:orders $");
  redisCommand(c, "BLPOP semaphore:printers 5");
  redisCommand(c, "WAIT 1 0");
}
void boundedWait(redisContext *c, const char *token) {
  redisCommand(c, "SET lock:ledger %s NX PX 10000", token);
  redisCommand(c, "WAIT 1 250");
}
void boundedRedMutex(sw::redis::Redis &redis) {
  sw::redis::RedMutex mutex(redis, "lock:red");
  if (mutex.try_lock_for(std::chrono::seconds(2)))
    mutex.unlock();
}
// `do { ... } while (0)` groups statements, as macros do: the acquire is
// tried once, whatever the body's exits test.
void triedOnce(redisContext *c, const char *token) {
  do {
    auto *reply = static_cast<redisReply *>(
        redisCommand(c, "SET lock:once %s NX PX 30000", token));
    if (reply && reply->type == REDIS_REPLY_STATUS)
      break;
  } while (0);
}
void triedOnceFalse(sw::redis::Redis &redis, const std::string &token) {
  bool ok = false;
  do {
    ok = redis.set("lock:once", token, 5s, sw::redis::UpdateType::NOT_EXIST);
  } while (false && !ok);
}
