// RUN: %check_distlock %s distlock-local-mutex-cross-process %t -- -std=c++17 -isystem %stubs -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin %s distlock-local-mutex-cross-process %t-plugin -- -std=c++17 -isystem %stubs -I/usr/include/postgresql

#include <hiredis/hiredis.h>
#include <libpq-fe.h>
#include <pqxx/pqxx>
#include <sw/redis++/redis++.h>
#include <map>
#include <mutex>
#include <pthread.h>
#include <shared_mutex>
#include <string>

std::mutex counterMutex;

// A read, a computation, a write back: the classic lost update.
void incrementVisits(redisContext *c) {
  std::lock_guard<std::mutex> guard(counterMutex);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'std::mutex' only excludes threads of this process; the read-modify-write of Redis key 'visits' in its scope races with other processes [distlock-local-mutex-cross-process]
  auto *reply = static_cast<redisReply *>(redisCommand(c, "GET visits"));
  // CHECK-MESSAGES: :[[@LINE-1]]:43: note: read here
  long long next = reply && reply->str ? std::stoll(reply->str) + 1 : 1;
  freeReplyObject(reply);
  redisCommand(c, "SET visits %lld", next);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: written here
}

// redis-plus-plus, a hash field, and a unique_lock.
void addPoints(sw::redis::Redis &redis, const std::string &user) {
  std::unique_lock<std::mutex> lock(counterMutex);
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 'std::mutex' only excludes threads of this process; the read-modify-write of Redis key 'user' in its scope races
  auto points = redis.hget(user, "points");
  redis.hset(user, "points", std::to_string(std::stoi(points.value_or("0")) + 10));
}

// Explicit lock()/unlock(), with an early return that unlocks on its way out.
std::shared_mutex stockMutex;
void reserve(redisContext *c, const char *sku) {
  stockMutex.lock();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'std::shared_mutex' only excludes threads of this process; the read-modify-write of Redis key 'stock:{sku}' in its scope races
  auto *left = static_cast<redisReply *>(redisCommand(c, "GET stock:%s", sku));
  if (!left) {
    stockMutex.unlock();
    return;
  }
  redisCommand(c, "SET stock:%s %lld", sku, left->integer - 1);
  stockMutex.unlock();
}

// pthread and SQL through libpq: SELECT, then UPDATE of the same table.
pthread_mutex_t accountsMutex = PTHREAD_MUTEX_INITIALIZER;
void deposit(PGconn *conn, const char *id, const char *amount) {
  pthread_mutex_lock(&accountsMutex);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'pthread_mutex_t' only excludes threads of this process; the read-modify-write of table 'accounts' in its scope races
  const char *params[] = {id};
  PGresult *balance = PQexecParams(conn, "SELECT balance FROM accounts WHERE id = $1", 1,
                                   nullptr, params, nullptr, nullptr, 0);
  // CHECK-MESSAGES: :[[@LINE-2]]:23: note: read here
  const char *update[] = {amount, id};
  PQexecParams(conn, "UPDATE accounts SET balance = $1 WHERE id = $2", 2, nullptr, update,
               nullptr, nullptr, 0);
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: written here
  PQclear(balance);
  pthread_mutex_unlock(&accountsMutex);
}

// libpqxx, with a prepared statement for the write.
std::mutex ledgerMutex;
void record(pqxx::connection &conn, pqxx::work &txn, int id) {
  conn.prepare("bump", "UPDATE ledger SET total = $1 WHERE id = $2");
  std::scoped_lock lock(ledgerMutex);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'std::mutex' only excludes threads of this process; the read-modify-write of table 'ledger' in its scope races
  pqxx::row row = txn.exec1("SELECT total FROM ledger WHERE id = " + std::to_string(id));
  txn.exec_prepared("bump", row[0].as<int>() + 1, id);
}

// Negatives.

// One atomic command per critical section.
void atomicIncrement(redisContext *c, sw::redis::Redis &redis, PGconn *conn) {
  std::lock_guard<std::mutex> guard(counterMutex);
  redisCommand(c, "INCR visits");
  redis.hincrby("user:1", "points", 10);
  PQexec(conn, "UPDATE accounts SET balance = balance + 10 WHERE id = 1");
}

// A mutex that only serializes use of a non-thread-safe connection.
void ping(redisContext *c) {
  std::lock_guard<std::mutex> guard(counterMutex);
  redisCommand(c, "GET visits");
}

// A Lua script does the read and the write atomically inside Redis.
void scripted(redisContext *c) {
  std::lock_guard<std::mutex> guard(counterMutex);
  redisCommand(c, "EVAL %s 1 %s", "return redis.call('incr', KEYS[1])", "visits");
}

// WATCH, then MULTI/EXEC: Redis aborts the write when the key changed.
void watched(redisContext *c) {
  std::lock_guard<std::mutex> guard(counterMutex);
  redisCommand(c, "WATCH visits");
  redisCommand(c, "GET visits");
  redisCommand(c, "MULTI");
  redisCommand(c, "SET visits 2");
  redisCommand(c, "EXEC");
}

// SELECT ... FOR UPDATE locks the row in the database.
void lockedRow(pqxx::work &txn) {
  std::lock_guard<std::mutex> guard(ledgerMutex);
  txn.exec("SELECT total FROM ledger WHERE id = 1 FOR UPDATE");
  txn.exec("UPDATE ledger SET total = 3 WHERE id = 1");
}

// In-memory containers only.
std::map<std::string, int> cache;
void remember(const std::string &key) {
  std::lock_guard<std::mutex> guard(counterMutex);
  cache[key] = cache[key] + 1;
}

// A writer that never reads what it writes.
void overwrite(redisContext *c) {
  std::lock_guard<std::mutex> guard(counterMutex);
  redisCommand(c, "GET config");
  redisCommand(c, "SET visits 0");
}

// The read and the write are outside the lock, or after it was released.
void outside(redisContext *c) {
  {
    std::lock_guard<std::mutex> guard(counterMutex);
    redisCommand(c, "GET visits");
  }
  redisCommand(c, "SET visits 1");
}

// SQL that is only known at run time, or that PostgreSQL rejects.
void unknownSql(PGconn *conn, const char *query) {
  std::lock_guard<std::mutex> guard(counterMutex);
  PQexec(conn, query);
  PQexec(conn, "SELEC balance FROM accounts");
  PQexec(conn, "UPDATE accounts SET balance = 1");
}

// Different connections: each write is its own.
void twoConnections(PGconn *a, PGconn *b) {
  std::lock_guard<std::mutex> guard(counterMutex);
  PQexec(a, "SELECT balance FROM accounts WHERE id = 1");
  PQexec(b, "UPDATE accounts SET balance = 1 WHERE id = 1");
}

// The read and the write happen in helpers the critical section calls: the
// notes point at those calls.
long long readCounter(redisContext *c) {
  auto *reply = static_cast<redisReply *>(redisCommand(c, "GET counter"));
  return reply ? reply->integer : 0;
}
void writeCounter(redisContext *c, long long value) { redisCommand(c, "SET counter %lld", value); }
void bumpThroughHelpers(redisContext *c) {
  std::lock_guard<std::mutex> guard(counterMutex);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'std::mutex' only excludes threads of this process; the read-modify-write of Redis key 'counter' in its scope races
  long long value = readCounter(c);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: note: read here
  writeCounter(c, value + 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: written here
}

// A helper that reads and writes SQL, called under a local lock.
void moveStock(pqxx::work &txn) {
  txn.exec("SELECT qty FROM stock WHERE sku = 'a'");
  txn.exec("UPDATE stock SET qty = 4 WHERE sku = 'a'");
}
void moveUnderLock(pqxx::work &txn) {
  std::lock_guard<std::mutex> guard(ledgerMutex);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'std::mutex' only excludes threads of this process; the read-modify-write of table 'stock' in its scope races
  moveStock(txn);
}

// std::lock_guard over a class of the program whose lock() takes a lock on
// the Redis server holds that lock, not a mutex of this process: silent.
class ServerLock {
public:
  ServerLock(redisContext *c, const char *key) : c_(c), key_(key) {}
  void lock() {
    for (;;) {
      auto *reply = static_cast<redisReply *>(redisCommand(c_, "SET %s 1 NX PX 5000", key_));
      bool taken = reply && reply->type == REDIS_REPLY_STATUS;
      freeReplyObject(reply);
      if (taken)
        return;
    }
  }
  void unlock() { freeReplyObject(redisCommand(c_, "DEL %s", key_)); }

private:
  redisContext *c_;
  const char *key_;
};

void restockUnderServerLock(redisContext *c, ServerLock &lock) {
  std::lock_guard<ServerLock> held(lock);
  auto *stock = static_cast<redisReply *>(redisCommand(c, "GET stock:7"));
  long count = stock && stock->str ? std::stol(stock->str) : 0;
  freeReplyObject(stock);
  freeReplyObject(redisCommand(c, "SET stock:7 %ld", count + 1));
}

// A class of the program that only wraps a mutex is still one.
class Latch {
public:
  void lock() { m_.lock(); }
  void unlock() { m_.unlock(); }

private:
  std::mutex m_;
};

void restockUnderLatch(redisContext *c, Latch &latch) {
  std::lock_guard<Latch> held(latch);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'Latch' only excludes threads of this process; the read-modify-write of Redis key 'stock:8' in its scope races with other processes [distlock-local-mutex-cross-process]
  auto *stock = static_cast<redisReply *>(redisCommand(c, "GET stock:8"));
  long count = stock && stock->str ? std::stol(stock->str) : 0;
  freeReplyObject(stock);
  freeReplyObject(redisCommand(c, "SET stock:8 %ld", count + 1));
}
