// RUN: %check_distlock %s distlock-redis-unchecked-release %t -- -std=c++17 -isystem %stubs

// A benchmark or a test harness clears the lock key once before its first
// acquire: a reset of what an earlier run left behind, not the release of a
// lock this process holds. Deletes after the acquire are releases.

#include <hiredis/hiredis.h>
#include <string>

void bumpCounter(redisContext *c);

void benchmark(redisContext *c, int rounds) {
  freeReplyObject(redisCommand(c, "DEL lock:bench"));
  for (int i = 0; i < rounds; ++i) {
    freeReplyObject(redisCommand(c, "SETNX lock:bench 1"));
    bumpCounter(c);
    freeReplyObject(redisCommand(c, "DEL lock:bench"));
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'DEL' releases lock 'lock:bench' without checking that this process still holds it [distlock-redis-unchecked-release]
    // CHECK-MESSAGES: :[[@LINE-4]]:21: note: lock acquired here
    // CHECK-MESSAGES: :[[@LINE-3]]:21: note: release with 'EVAL
  }
}

// In a loop that takes the key, a delete at the top of a turn follows the
// previous turn's acquire: still a release.
void rounds(redisContext *c, int count, const std::string &token) {
  for (int i = 0; i < count; ++i) {
    freeReplyObject(redisCommand(c, "DEL lock:round"));
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'DEL' releases lock 'lock:round' without checking that this process still holds it [distlock-redis-unchecked-release]
    // CHECK-MESSAGES: :[[@LINE+2]]:21: note: lock acquired here
    // CHECK-MESSAGES: :[[@LINE-3]]:21: note: delete the key only while it still holds this process's token, in one script
    freeReplyObject(redisCommand(c, "SET lock:round %s NX PX 5000", token.c_str()));
    bumpCounter(c);
  }
}
