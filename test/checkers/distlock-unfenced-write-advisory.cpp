// Advisory-lock scopes are checked when RequireFencingUnderAdvisoryLocks is
// on; Redis writes are left alone when CheckRedisWrites is off.
// RUN: %check_distlock %s distlock-unfenced-write %t \
// RUN:   --config="{CheckOptions: {distlock-unfenced-write.RequireFencingUnderAdvisoryLocks: true, distlock-unfenced-write.CheckRedisWrites: false}}" \
// RUN:   -- -std=c++17 -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin %s distlock-unfenced-write %t-plugin \
// RUN:   --config="{CheckOptions: {distlock-unfenced-write.RequireFencingUnderAdvisoryLocks: true, distlock-unfenced-write.CheckRedisWrites: false}}" \
// RUN:   -- -std=c++17 -I/usr/include/postgresql

#include <hiredis/hiredis.h>
#include <libpq-fe.h>

void advisory(PGconn *db) {
  PGresult *got = PQexec(db, "SELECT pg_try_advisory_lock(42)");
  if (!got)
    return;
  PQexec(db, "UPDATE t SET x = 1 WHERE id = 1");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to table 't' in the scope of lock 'pg_try_advisory_lock' has no fencing predicate
}

void redisOnly(redisContext *c) {
  auto *got = static_cast<redisReply *>(redisCommand(c, "SET lock:r me NX PX 100"));
  if (!got)
    return;
  redisCommand(c, "SET result done");
}
