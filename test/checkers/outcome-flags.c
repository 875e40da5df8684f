// RUN: %check_distlock %s distlock-acquire-unchecked %t -- -std=c11
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked %t-plugin -- -std=c11

// A take that answers a set of bits: a mask test (`st & HELD`) says which
// of its answers it holds for, like a comparison does.

#include <hiredis/hiredis.h>

#define HELD 0x1u
#define BUSY 0x2u
#define FAILED 0x4u

void archive(const char *shard);

unsigned take_shard(redisContext *c, const char *key, const char *me) {
  redisReply *reply = redisCommand(c, "SET %s %s NX PX %d", key, me, 30000);
  unsigned flags = FAILED;
  if (reply && reply->type == REDIS_REPLY_STATUS)
    flags = HELD;
  else if (reply && reply->type == REDIS_REPLY_NIL)
    flags = BUSY;
  freeReplyObject(reply);
  return flags;
}

// The held bit asked: only a take goes on.
void archive_checked(redisContext *c, const char *me) {
  unsigned flags = take_shard(c, "lock:archive:a", me);
  if (!(flags & HELD))
    return;
  archive("a");
}

// Only the busy bit asked: a failed take goes on to the work.
void archive_busy_only(redisContext *c, const char *me) {
  unsigned flags = take_shard(c, "lock:archive:b", me);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: the result of 'SET ... NX' is tested, but 'archive' runs whether or not this process got lock 'lock:archive:b' [distlock-acquire-unchecked]
  if (flags & BUSY)
    return;
  archive("b");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
}
