// A std::mutex does not protect state that other replicas share.
#include <hiredis/hiredis.h>
#include <libpq-fe.h>
#include <mutex>
#include <string>

std::mutex stockMutex;

// Broken: a second replica has its own stockMutex; both read 5, both write 4.
void broken_takeOne(redisContext *redis, const std::string &sku) {
  std::lock_guard<std::mutex> guard(stockMutex);
  auto *left = static_cast<redisReply *>(redisCommand(redis, "GET stock:%s", sku.c_str()));
  long long next = left && left->str ? std::stoll(left->str) - 1 : 0;
  freeReplyObject(left);
  freeReplyObject(redisCommand(redis, "SET stock:%s %lld", sku.c_str(), next));
}

// Fixed: Redis decrements atomically; no local lock is needed.
void fixed_takeOne(redisContext *redis, const std::string &sku) {
  freeReplyObject(redisCommand(redis, "DECR stock:%s", sku.c_str()));
}

// Broken: the balance is read, computed on, and written back under a local lock.
void broken_deposit(PGconn *db, int amount) {
  std::lock_guard<std::mutex> guard(stockMutex);
  PGresult *row = PQexec(db, "SELECT balance FROM accounts WHERE id = 7");
  int balance = std::stoi(PQgetvalue(row, 0, 0)) + amount;
  PQclear(row);
  std::string update = "UPDATE accounts SET balance = " + std::to_string(balance) +
                       " WHERE id = 7";
  PQclear(PQexec(db, update.c_str()));
}

// Fixed: one statement that PostgreSQL runs atomically.
void fixed_deposit(PGconn *db, int amount) {
  std::string update = "UPDATE accounts SET balance = balance + " + std::to_string(amount) +
                       " WHERE id = 7";
  PQclear(PQexec(db, update.c_str()));
}
