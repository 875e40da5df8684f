// RUN: %check_distlock %s distlock-redis-set-without-expiry,distlock-redis-unchecked-release,distlock-redis-constant-token,distlock-acquire-unchecked %t -- -std=c++17 -isystem %stubs

// A lock on a Redis Cluster through hiredis-cluster: the same commands as
// hiredis, sent through redisClusterCommand and its forms.

#include <hiredis_cluster/hircluster.h>
#include <string>

std::string newToken();
void compactShard(int shard);

class ShardLock {
public:
  ShardLock(redisClusterContext *cc, std::string key) : cc_(cc), key_(std::move(key)) {}

  bool acquire() {
    token_ = newToken();
    auto *r = static_cast<redisReply *>(
        redisClusterCommand(cc_, "SET %s %s NX PX 30000", key_.c_str(), token_.c_str()));
    bool taken = r && r->type == REDIS_REPLY_STATUS;
    freeReplyObject(r);
    return taken;
  }

  void release() {
    freeReplyObject(redisClusterCommand(cc_, "DEL %s", key_.c_str()));
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'DEL' releases lock 'key_' without checking that this process still holds it [distlock-redis-unchecked-release]
    // CHECK-MESSAGES: :[[@LINE-9]]:9: note: lock acquired here
  }

private:
  redisClusterContext *cc_;
  std::string key_;
  std::string token_;
};

bool claimForever(redisClusterContext *cc, const std::string &token) {
  auto *r = static_cast<redisReply *>(
      redisClusterCommand(cc, "SET lock:rebalance %s NX", token.c_str()));
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: lock 'lock:rebalance' is taken with 'SET ... NX' but no expiry: if its holder dies, the lock is never released [distlock-redis-set-without-expiry]
  // CHECK-FIXES: redisClusterCommand(cc, "SET lock:rebalance %s NX PX 30000", token.c_str()));
  bool taken = r && r->type == REDIS_REPLY_STATUS;
  freeReplyObject(r);
  return taken;
}

void compact(redisClusterContext *cc, int shard) {
  freeReplyObject(redisClusterCommand(cc, "SET lock:shard:%d 1 NX PX 60000", shard));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: the result of 'SET ... NX' is never checked: the code after it runs whether or not this process got lock 'lock:shard:{shard}' [distlock-acquire-unchecked]
  // CHECK-MESSAGES: :[[@LINE-2]]:19: warning: lock 'lock:shard:{shard}' is taken with the constant value '1'{{.*}} [distlock-redis-constant-token]
  compactShard(shard);
}
