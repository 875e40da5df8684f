// The note on a blocking SQL lock carries a fix-it that prepends a
// transaction-local lock_timeout to the same simple query; plain --fix leaves
// it alone (see distlock-unbounded-acquire.cpp), --fix-notes applies it.
// RUN: %check_distlock --fix-notes %s distlock-unbounded-acquire %t -- -std=c++17 -isystem %stubs -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin --fix-notes %s distlock-unbounded-acquire %t-plugin -- -std=c++17 -isystem %stubs -I/usr/include/postgresql

#include <libpq-fe.h>
#include <pqxx/pqxx>

void migrate(PGconn *conn) {
  PQclear(PQexec(conn, "SELECT pg_advisory_lock(1001)"));
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'pg_advisory_lock' waits for the lock with no bound
  // CHECK-MESSAGES: :[[@LINE-2]]:11: note: run "SET lock_timeout = '5s'" before it
  // CHECK-FIXES: PQclear(PQexec(conn, "SET LOCAL lock_timeout = '5s'; SELECT pg_advisory_lock(1001)"));
}

void reserve(pqxx::work &txn) {
  txn.exec("LOCK TABLE inventory IN EXCLUSIVE MODE");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'LOCK TABLE' waits for the lock with no bound
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: run "SET lock_timeout = '5s'" before it
  // CHECK-FIXES: txn.exec("SET LOCAL lock_timeout = '5s'; LOCK TABLE inventory IN EXCLUSIVE MODE");
}

// The extended protocol runs one statement per call, and a raw string is not
// rewritten: the note comes without a fix-it.
void noFix(PGconn *conn) {
  const char *const Params[] = {"7"};
  PQclear(PQexecParams(conn, "SELECT pg_advisory_lock($1::bigint)", 1, nullptr, Params, nullptr,
                       nullptr, 0));
  // CHECK-MESSAGES: :[[@LINE-2]]:11: warning: 'pg_advisory_lock' waits for the lock with no bound
  // CHECK-MESSAGES: :[[@LINE-3]]:11: note: run "SET lock_timeout = '5s'" before it
  // CHECK-FIXES: PQclear(PQexecParams(conn, "SELECT pg_advisory_lock($1::bigint)", 1, nullptr, Params, nullptr,
  PQclear(PQexec(conn, R"(SELECT pg_advisory_lock(9))"));
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'pg_advisory_lock' waits for the lock with no bound
  // CHECK-MESSAGES: :[[@LINE-2]]:11: note: run "SET lock_timeout = '5s'" before it
  // CHECK-FIXES: PQclear(PQexec(conn, R"(SELECT pg_advisory_lock(9))"));
}

// After the fix, the same query sets its own limit: silent.
void alreadyFixed(PGconn *conn) {
  PQclear(PQexec(conn, "SET LOCAL lock_timeout = '5s'; SELECT pg_advisory_lock(1001)"));
}
