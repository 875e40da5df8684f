// RUN: %check_distlock --fix-notes %s distlock-redis-unchecked-release %t -- -std=c++17 -isystem %stubs

// The compare-and-delete fix for a hiredis-cluster release keeps the
// cluster call: the script's one key routes it to the lock's slot.

#include <hiredis_cluster/hircluster.h>
#include <string>

std::string newToken();
void migrateSlots();

void migrate(redisClusterContext *cc) {
  std::string token = newToken();
  auto *r = static_cast<redisReply *>(
      redisClusterCommand(cc, "SET lock:migration %s NX PX 30000", token.c_str()));
  bool taken = r && r->type == REDIS_REPLY_STATUS;
  freeReplyObject(r);
  if (!taken)
    return;
  migrateSlots();
  freeReplyObject(redisClusterCommand(cc, "DEL lock:migration"));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'DEL' releases lock 'lock:migration' without checking that this process still holds it [distlock-redis-unchecked-release]
  // CHECK-MESSAGES: :[[@LINE-8]]:7: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE-3]]:19: note: delete the key only while it still holds this process's token, in one script
  // CHECK-FIXES: freeReplyObject(redisClusterCommand(cc, "EVAL %s 1 %s %s", "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", "lock:migration", token.c_str()));
}
