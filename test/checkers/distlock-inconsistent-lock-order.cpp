// RUN: %check_distlock %s distlock-inconsistent-lock-order %t -- -std=c++17 -isystem %stubs -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin %s distlock-inconsistent-lock-order %t-plugin -- -std=c++17 -isystem %stubs -I/usr/include/postgresql

#include <libpq-fe.h>
#include <sw/redis++/redis++.h>
#include <algorithm>
#include <chrono>
#include <string>

using namespace std::chrono_literals;
using sw::redis::UpdateType;

void ship(const std::string &order);

// Order, then user.
void fulfil(sw::redis::Redis &redis, const std::string &order, const std::string &user,
            const std::string &token) {
  if (!redis.set("lock:order:" + order, token, 30s, UpdateType::NOT_EXIST))
    return;
  if (redis.set("lock:user:" + user, token, 30s, UpdateType::NOT_EXIST)) {
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: locks 'lock:order:{order}' and 'lock:user:{user}' are taken in this order here and in the other order elsewhere: two workers that each hold one wait for the other until a TTL expires [distlock-inconsistent-lock-order]
  // CHECK-MESSAGES: :[[@LINE-4]]:8: note: 'lock:order:{order}' is taken first here
    ship(order);
    redis.del("lock:user:" + user);
  }
  redis.del("lock:order:" + order);
}

// User, then order: the other order.
void refund(sw::redis::Redis &redis, const std::string &order, const std::string &user,
            const std::string &token) {
  if (!redis.set("lock:user:" + user, token, 30s, UpdateType::NOT_EXIST))
  // CHECK-MESSAGES: :[[@LINE-1]]:8: note: 'lock:user:{user}' is taken first here
    return;
  if (redis.set("lock:order:" + order, token, 30s, UpdateType::NOT_EXIST)) {
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: then 'lock:order:{order}' while it is held
    ship(order);
    redis.del("lock:order:" + order);
  }
  redis.del("lock:user:" + user);
}

// The classic transfer: both accounts in the order the caller gives them.
void transfer(sw::redis::Redis &redis, const std::string &from, const std::string &to,
              const std::string &token) {
  if (!redis.set("lock:account:" + from, token, 30s, UpdateType::NOT_EXIST))
    return;
  if (redis.set("lock:account:" + to, token, 30s, UpdateType::NOT_EXIST)) {
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: lock 'lock:account:{to}' is taken while lock 'lock:account:{from}' is held, each from its own parameter and in the order the caller passes them: a call with the arguments swapped waits for this one, and this one for it, until a TTL expires
    redis.del("lock:account:" + to);
  }
  redis.del("lock:account:" + from);
}

// Redis Cluster hash tags are text of the key, not a run-time part: these
// are two locks, taken in both orders.
void tagsOneWay(sw::redis::Redis &redis, const std::string &token) {
  if (!redis.set("{orders}:lock", token, 30s, UpdateType::NOT_EXIST))
    return;
  if (redis.set("{users}:lock", token, 30s, UpdateType::NOT_EXIST))
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: locks '{orders}:lock' and '{users}:lock' are taken in this order here and in the other order elsewhere
  // CHECK-MESSAGES: :[[@LINE-4]]:8: note: '{orders}:lock' is taken first here
    redis.del("{users}:lock");
  redis.del("{orders}:lock");
}

void tagsOtherWay(sw::redis::Redis &redis, const std::string &token) {
  if (!redis.set("{users}:lock", token, 30s, UpdateType::NOT_EXIST))
  // CHECK-MESSAGES: :[[@LINE-1]]:8: note: '{users}:lock' is taken first here
    return;
  if (redis.set("{orders}:lock", token, 30s, UpdateType::NOT_EXIST))
  // CHECK-MESSAGES: :[[@LINE-1]]:7: note: then '{orders}:lock' while it is held
    redis.del("{orders}:lock");
  redis.del("{users}:lock");
}

// Advisory locks by number: the ledger's lock (1), then the report's (2)...
void closeBooks(PGconn *conn) {
  PQclear(PQexec(conn, "SELECT pg_advisory_lock(1)"));
  PQclear(PQexec(conn, "SELECT pg_advisory_lock(2)"));
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: locks 'advisory lock 1' and 'advisory lock 2' are taken in this order here and in the other order elsewhere: two workers that each hold one wait for the other until PostgreSQL aborts one of them as a deadlock
  // CHECK-MESSAGES: :[[@LINE-3]]:11: note: 'advisory lock 1' is taken first here
  PQclear(PQexec(conn, "SELECT pg_advisory_unlock(2)"));
  PQclear(PQexec(conn, "SELECT pg_advisory_unlock(1)"));
}

// ... and the report's, then the ledger's, the second under a tested try.
void publishReport(PGconn *conn) {
  PGresult *taken = PQexec(conn, "SELECT pg_try_advisory_lock(2)");
  if (PQgetvalue(taken, 0, 0)[0] != 't')
    return;
  // CHECK-MESSAGES: :[[@LINE-3]]:21: note: 'advisory lock 2' is taken first here
  PQclear(PQexec(conn, "SELECT pg_advisory_lock(1)"));
  // CHECK-MESSAGES: :[[@LINE-1]]:11: note: then 'advisory lock 1' while it is held
  PQclear(PQexec(conn, "SELECT pg_advisory_unlock(1)"));
  PQclear(PQexec(conn, "SELECT pg_advisory_unlock(2)"));
}

// --- The correct forms stay silent. ---

// Released before the next is taken: never two at once.
void oneAtATime(PGconn *conn) {
  PQclear(PQexec(conn, "SELECT pg_advisory_lock(3)"));
  PQclear(PQexec(conn, "SELECT pg_advisory_unlock(3)"));
  PQclear(PQexec(conn, "SELECT pg_advisory_lock(4)"));
  PQclear(PQexec(conn, "SELECT pg_advisory_unlock(4)"));
}
void oneAtATimeReversed(PGconn *conn) {
  PQclear(PQexec(conn, "SELECT pg_advisory_lock(4)"));
  PQclear(PQexec(conn, "SELECT pg_advisory_unlock(4)"));
  PQclear(PQexec(conn, "SELECT pg_advisory_lock(3)"));
  PQclear(PQexec(conn, "SELECT pg_advisory_unlock(3)"));
}

// Keys that come from parameters name no lock this analysis can compare.
void byParameter(PGconn *conn, const char *const *first, const char *const *second) {
  PQclear(PQexecParams(conn, "SELECT pg_advisory_lock($1)", 1, nullptr, first, nullptr, nullptr, 0));
  PQclear(PQexecParams(conn, "SELECT pg_advisory_lock($1)", 1, nullptr, second, nullptr, nullptr, 0));
}

// Sorted first: every worker takes the smaller account first.
void sortedTransfer(sw::redis::Redis &redis, const std::string &from, const std::string &to,
                    const std::string &token) {
  const std::string &first = std::min(from, to), &second = std::max(from, to);
  if (!redis.set("lock:ledger:" + first, token, 30s, UpdateType::NOT_EXIST))
    return;
  if (redis.set("lock:ledger:" + second, token, 30s, UpdateType::NOT_EXIST))
    redis.del("lock:ledger:" + second);
  redis.del("lock:ledger:" + first);
}

// Always shipment, then invoice, wherever both are taken.
void pack(sw::redis::Redis &redis, const std::string &id, const std::string &token) {
  if (!redis.set("lock:shipment:" + id, token, 30s, UpdateType::NOT_EXIST))
    return;
  if (redis.set("lock:invoice:" + id, token, 30s, UpdateType::NOT_EXIST))
    redis.del("lock:invoice:" + id);
  redis.del("lock:shipment:" + id);
}

void bill(sw::redis::Redis &redis, const std::string &id, const std::string &token) {
  if (!redis.set("lock:shipment:" + id, token, 30s, UpdateType::NOT_EXIST))
    return;
  if (redis.set("lock:invoice:" + id, token, 30s, UpdateType::NOT_EXIST))
    redis.del("lock:invoice:" + id);
  redis.del("lock:shipment:" + id);
}

// Taken one after the other, never both at once.
void sequential(sw::redis::Redis &redis, const std::string &id, const std::string &token) {
  if (redis.set("lock:invoice:" + id, token, 30s, UpdateType::NOT_EXIST))
    redis.del("lock:invoice:" + id);
  if (redis.set("lock:shipment:" + id, token, 30s, UpdateType::NOT_EXIST))
    redis.del("lock:shipment:" + id);
}
