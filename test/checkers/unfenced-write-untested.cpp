// RUN: %check_distlock %s distlock-unfenced-write %t -- -std=c++17 -isystem %stubs

// An acquire whose outcome nobody reads: the code still acts as the holder
// until it deletes the key, and what it writes there is written under the
// lock (and unfenced).

#include <hiredis/hiredis.h>
#include <cstdlib>

void check_reply(redisReply *reply); // only reports errors

void bumpCounter(redisContext *c) {
  for (int i = 0; i < 100; ++i) {
    redisReply *reply = (redisReply *)redisCommand(c, "SETNX lock:counter 0");
    check_reply(reply);
    freeReplyObject(reply);

    reply = (redisReply *)redisCommand(c, "GET counter");
    long counter = reply && reply->str ? atol(reply->str) : 0;
    freeReplyObject(reply);

    reply = (redisReply *)redisCommand(c, "SET counter %ld", counter + 1);
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: write to Redis key 'counter' in the scope of lock 'lock:counter' has no fencing predicate
    // CHECK-MESSAGES: :[[@LINE-10]]:39: note: lock acquired here
    // CHECK-MESSAGES: :[[@LINE-3]]:27: note: write through a Lua script that first compares a fencing token
    freeReplyObject(reply);

    reply = (redisReply *)redisCommand(c, "DEL lock:counter");
    freeReplyObject(reply);

    // After the delete, the code no longer acts as the holder.
    redisCommand(c, "SET last:run %d", i);
  }
}

// No delete of the key follows in the block: nothing shows where the code
// thinks it holds the lock, so nothing is said.
void seedOnce(redisContext *c) {
  redisCommand(c, "SETNX lock:seed 1");
  redisCommand(c, "SET seeded 1");
}
