// A project's own lock API from a model file, a custom fence column, and a
// fence that is taken but not checked.
// RUN: %check_distlock %s distlock-unfenced-write %t \
// RUN:   --config="{CheckOptions: {LockApiModelFiles: '%S/Inputs/dist-lock-api.json', distlock-unfenced-write.FenceColumnPattern: '^(version)$'}}" \
// RUN:   -- -std=c++17 -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin %s distlock-unfenced-write %t-plugin \
// RUN:   --config="{CheckOptions: {LockApiModelFiles: '%S/Inputs/dist-lock-api.json', distlock-unfenced-write.FenceColumnPattern: '^(version)$'}}" \
// RUN:   -- -std=c++17 -I/usr/include/postgresql

#include <hiredis/hiredis.h>
#include <libpq-fe.h>
#include <string>

namespace app {
class DistLock {
public:
  bool tryAcquire(const std::string &key);
};
} // namespace app

void publish(app::DistLock &lock, redisContext *c, PGconn *db) {
  if (!lock.tryAcquire("lock:publish"))
    return;
  redisCommand(c, "INCR fence:publish");
  PQexec(db, "UPDATE pages SET body = 'x' WHERE id = 1 AND last_fence < 3");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to table 'pages' in the scope of lock 'lock:publish' has no fencing predicate
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: a fencing token is taken here, but the write does not check it
  PQexec(db, "UPDATE pages SET body = 'y' WHERE id = 2 AND row_version < 3");
}
