// RUN: %check_distlock %s distlock-redis-set-without-expiry %t \
// RUN:   --config="{CheckOptions: {distlock-redis-set-without-expiry.DefaultTtlMs: '5000', LockKeyPattern: '^lease$'}}" \
// RUN:   -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-redis-set-without-expiry %t-plugin \
// RUN:   --config="{CheckOptions: {distlock-redis-set-without-expiry.DefaultTtlMs: '5000', LockKeyPattern: '^lease$'}}" \
// RUN:   -- -std=c++17 -isystem %stubs

#include <hiredis/hiredis.h>

// DefaultTtlMs sets the TTL of the fix; LockKeyPattern replaces the lock words.
void custom(redisContext *c, const char *token) {
  redisCommand(c, "SET lease:orders %s NX", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lease:orders' is taken with 'SET ... NX' but no expiry
  // CHECK-FIXES: redisCommand(c, "SET lease:orders %s NX PX 5000", token);
  redisCommand(c, "SET lock:orders %s NX", token);
}
