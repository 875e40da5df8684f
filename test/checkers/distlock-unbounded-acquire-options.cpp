// SuggestedLockTimeout sets the limit the note proposes and the fix-it writes.
// RUN: %check_distlock --fix-notes %s distlock-unbounded-acquire %t \
// RUN:   --config="{CheckOptions: {distlock-unbounded-acquire.SuggestedLockTimeout: '250ms'}}" \
// RUN:   -- -std=c++17 -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin --fix-notes %s distlock-unbounded-acquire %t-plugin \
// RUN:   --config="{CheckOptions: {distlock-unbounded-acquire.SuggestedLockTimeout: '250ms'}}" \
// RUN:   -- -std=c++17 -I/usr/include/postgresql

#include <libpq-fe.h>

void lockShard(PGconn *conn) {
  PQclear(PQexec(conn, "SELECT pg_advisory_lock_shared(7)"));
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'pg_advisory_lock_shared' waits for the lock with no bound
  // CHECK-MESSAGES: :[[@LINE-2]]:11: note: run "SET lock_timeout = '250ms'" before it
  // CHECK-FIXES: PQclear(PQexec(conn, "SET LOCAL lock_timeout = '250ms'; SELECT pg_advisory_lock_shared(7)"));
}
