// RUN: %check_distlock %s distlock-unfenced-write %t -- -std=c++17 -isystem %stubs -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin %s distlock-unfenced-write %t-plugin -- -std=c++17 -isystem %stubs -I/usr/include/postgresql

#include <hiredis/hiredis.h>
#include <libpq-fe.h>
#include <pqxx/pqxx>
#include <sw/redis++/redis++.h>
#include <chrono>
#include <string>

std::string newToken();

// hiredis: an early return on a failed acquire; the rest of the block holds it.
void chargeCustomers(redisContext *c, PGconn *db) {
  std::string token = newToken();
  auto *reply = static_cast<redisReply *>(
      redisCommand(c, "SET lock:billing %s NX PX 30000", token.c_str()));
  if (!reply || reply->type == REDIS_REPLY_NIL)
    return;
  PQexec(db, "UPDATE invoices SET paid = true WHERE id = 1");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to table 'invoices' in the scope of lock 'lock:billing' has no fencing predicate; a holder whose lock expired during a pause can still overwrite newer data [distlock-unfenced-write]
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: lock acquired here, with a TTL of 30000 ms
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: make the write conditional on a fencing token: take it with 'INCR fence:<name>' after the acquire and add 'AND last_fence < $N' to the WHERE clause
  redisCommand(c, "SET report:today done");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to Redis key 'report:today' in the scope of lock 'lock:billing' has no fencing predicate
  redisCommand(c, "INCR fence:billing");
  redisCommand(c, "DEL lock:billing");
  PQexec(db, "UPDATE invoices SET paid = false WHERE id = 9");
}

// redis-plus-plus: the success branch; the failure branch is not in scope.
void drainQueue(sw::redis::Redis &redis, pqxx::work &txn) {
  std::string token = newToken();
  if (redis.set("lock:queue", token, std::chrono::seconds(10),
                sw::redis::UpdateType::NOT_EXIST)) {
    txn.exec("DELETE FROM jobs WHERE done");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: write to table 'jobs' in the scope of lock 'lock:queue' has no fencing predicate
    // CHECK-MESSAGES: :[[@LINE-4]]:7: note: lock acquired here, with a TTL of std::chrono::seconds(10)
  } else {
    txn.exec("DELETE FROM jobs WHERE stale");
  }
}

// An acquire wrapper: its caller's success branch holds the lock.
class JobLock {
public:
  explicit JobLock(sw::redis::Redis &redis) : redis_(redis) {}
  bool tryLock() {
    return redis_.set("lock:export", token_, std::chrono::seconds(60),
                      sw::redis::UpdateType::NOT_EXIST);
  }

private:
  sw::redis::Redis &redis_;
  std::string token_ = newToken();
};
void exportRows(JobLock &lock, PGconn *db) {
  if (!lock.tryLock())
    return;
  PQexec(db, "UPDATE exports SET state = 'done' WHERE id = 1");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to table 'exports' in the scope of lock 'lock:export' has no fencing predicate
}

// An RAII lock: the object's life is the scope.
class ScopedRedisLock {
public:
  ScopedRedisLock(redisContext *c, const std::string &token) : c_(c) {
    redisCommand(c_, "SET lock:import %s NX PX 5000", token.c_str());
  }
  ~ScopedRedisLock();

private:
  redisContext *c_;
};
void importRows(redisContext *c, PGconn *db) {
  ScopedRedisLock lock(c, newToken());
  PQexec(db, "UPDATE imports SET state = 'done' WHERE id = 1");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to table 'imports' in the scope of lock 'lock:import' has no fencing predicate
}

// An upsert that updates on conflict overwrites a row too; fenced in its WHERE.
void upsert(sw::redis::Redis &redis, PGconn *db, const std::string &token) {
  if (!redis.set("lock:upsert", token, std::chrono::seconds(5), sw::redis::UpdateType::NOT_EXIST))
    return;
  PQexec(db, "INSERT INTO totals (id, n) VALUES (1, 2) ON CONFLICT (id) DO UPDATE SET n = 2");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to table 'totals' in the scope of lock 'lock:upsert' has no fencing predicate
  PQexec(db, "INSERT INTO totals (id, n, fence) VALUES (1, 2, 9) ON CONFLICT (id) "
             "DO UPDATE SET n = 2 WHERE totals.fence < EXCLUDED.fence");
}

// A write in a helper called in the scope is reported at the call.
void markPaid(PGconn *db) { PQexec(db, "UPDATE invoices SET paid = true WHERE id = 3"); }
void settle(sw::redis::Redis &redis, PGconn *db, const std::string &token) {
  if (!redis.set("lock:settle", token, std::chrono::seconds(5), sw::redis::UpdateType::NOT_EXIST))
    return;
  markPaid(db);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to table 'invoices' in the scope of lock 'lock:settle' has no fencing predicate
}

// Negatives: fenced writes, the fence's INCR, the lock key itself, inserts,
// efficiency locks without shared writes, unchecked acquires, advisory locks.
void fenced(sw::redis::Redis &redis, PGconn *db, const std::string &token) {
  if (!redis.set("lock:fenced", token, std::chrono::seconds(5), sw::redis::UpdateType::NOT_EXIST))
    return;
  long long fence = redis.incr("fence:fenced");
  (void)fence;
  PQexec(db, "UPDATE resource SET value = 1, last_fence = 7 WHERE id = 1 AND last_fence < 7");
  PQexec(db, "UPDATE resource SET value = 2 WHERE id = 2 AND 7 > fencing_token");
  PQexec(db, "INSERT INTO audit (what) VALUES ('ran')");
  redis.pexpire("lock:fenced", 5000);
  redis.eval<long long>("if redis.call('get', KEYS[1]) == ARGV[1] then "
                        "return redis.call('set', KEYS[2], ARGV[2]) end return 0",
                        {"lock:fenced", "result"}, {token, "x"});
}
void efficiencyLock(sw::redis::Redis &redis, const std::string &token) {
  if (!redis.set("lock:cache-warm", token, std::chrono::seconds(5),
                 sw::redis::UpdateType::NOT_EXIST))
    return;
  redis.get("cache:home");
}
void unchecked(redisContext *c, PGconn *db) {
  redisCommand(c, "SET lock:blind tok NX PX 100");
  PQexec(db, "UPDATE t SET x = 1 WHERE id = 1");
}
void advisory(PGconn *db) {
  PGresult *got = PQexec(db, "SELECT pg_try_advisory_lock(42)");
  if (!got)
    return;
  PQexec(db, "UPDATE t SET x = 1 WHERE id = 1");
}

// redis-plus-plus's RedMutex under std::lock_guard.
#include <mutex>
#include <sw/redis++/patterns/redlock.h>
void rebalance(sw::redis::Redis &redis, PGconn *db) {
  sw::redis::RedMutex mutex(redis, "lock:rebalance");
  std::lock_guard<sw::redis::RedMutex> guard(mutex);
  PQexec(db, "UPDATE shards SET owner = 2 WHERE id = 1");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to table 'shards' in the scope of lock 'lock:rebalance' has no fencing predicate
}

// SETNX answering 1.
void setnxAcquire(redisContext *c, PGconn *db) {
  auto *got = static_cast<redisReply *>(redisCommand(c, "SETNX lock:sweep %s", "me"));
  if (got && got->integer == 1) {
    PQexec(db, "DELETE FROM sessions WHERE expired");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: write to table 'sessions' in the scope of lock 'lock:sweep' has no fencing predicate
  }
}

// cpp_redis: the reply of the acquire's future.
#include <cpp_redis/cpp_redis>
void cppRedisAcquire(cpp_redis::client &client, PGconn *db, const std::string &token) {
  cpp_redis::reply got = client.set_advanced("lock:mail", token, false, 0, true, 30000, true).get();
  if (got.is_null())
    return;
  PQexec(db, "UPDATE outbox SET sent = true WHERE id = 1");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to table 'outbox' in the scope of lock 'lock:mail' has no fencing predicate
}

// POCO: a null bulk string means the lock was not taken.
#include <Poco/Redis/Client.h>
#include <Poco/Redis/Command.h>
void pocoAcquire(Poco::Redis::Client &redis, PGconn *db, const std::string &token) {
  Poco::Redis::BulkString got = redis.execute<Poco::Redis::BulkString>(
      Poco::Redis::Command::set("lock:poco", token, false, Poco::Timespan(30, 0)));
  if (got.isNull())
    return;
  PQexec(db, "UPDATE feeds SET fetched = true WHERE id = 1");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to table 'feeds' in the scope of lock 'lock:poco' has no fencing predicate
}

// A release wrapper ends the scope: the write after it is not under the lock.
void releaseLock(redisContext *c) { redisCommand(c, "DEL lock:window"); }
void window(redisContext *c, PGconn *db) {
  auto *got = static_cast<redisReply *>(redisCommand(c, "SET lock:window me NX PX 100"));
  if (!got)
    return;
  PQexec(db, "UPDATE w SET x = 1 WHERE id = 1");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to table 'w' in the scope of lock 'lock:window' has no fencing predicate
  releaseLock(c);
  PQexec(db, "UPDATE w SET x = 2 WHERE id = 1");
}

// RedMutex::try_lock answering true.
void tryRebalance(sw::redis::Redis &redis, PGconn *db) {
  sw::redis::RedMutex mutex(redis, "lock:try");
  if (mutex.try_lock()) {
    PQexec(db, "UPDATE shards SET owner = 3 WHERE id = 1");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: write to table 'shards' in the scope of lock 'lock:try' has no fencing predicate
  }
}
