// RUN: %check_distlock %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t -- -std=c11 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t-plugin -- -std=c11 -isystem %stubs

// Lock functions that answer through a parameter: what they return says
// only whether the request ran. Callers that test the return and never the
// parameter do the work whether or not they hold the lock.

#include <hiredis/hiredis.h>
#include <stddef.h>

void reindex(const char *Shard);
void unlockShard(redisContext *C, const char *Shard);

int shardTry(redisContext *C, const char *Shard, const char *Token, int *Held) {
  *Held = 0;
  redisReply *Reply = redisCommand(C, "SET shard:lock:%s %s NX PX 30000", Shard, Token);
  if (Reply == NULL)
    return -1;
  *Held = Reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(Reply);
  return 0;
}

void ranOnly(redisContext *C, const char *Token) {
  int Held;
  if (shardTry(C, "eu", Token, &Held) != 0)
    return;
  // CHECK-MESSAGES: :[[@LINE-2]]:7: warning: 'shardTry' answers through 'Held', which is never checked: the code after it runs whether or not this process got lock 'shard:lock:eu' [distlock-acquire-unchecked]
  reindex("eu");
  unlockShard(C, "eu");
}

void bothAsked(redisContext *C, const char *Token) {
  int Held;
  if (shardTry(C, "us", Token, &Held) != 0 || !Held)
    return;
  reindex("us");
  unlockShard(C, "us");
}

void askedAfter(redisContext *C, const char *Token) {
  int Held;
  shardTry(C, "ap", Token, &Held);
  if (!Held)
    return;
  reindex("ap");
  unlockShard(C, "ap");
}

// A status through the parameter, from a classifier of the reply.
enum { SHARD_ERROR = -1, SHARD_BUSY = 0, SHARD_HELD = 1 };

static int classify(redisReply *Reply) {
  if (Reply == NULL)
    return SHARD_ERROR;
  if (Reply->type == REDIS_REPLY_NIL)
    return SHARD_BUSY;
  if (Reply->type == REDIS_REPLY_STATUS)
    return SHARD_HELD;
  return SHARD_ERROR;
}

void shardTryStatus(redisContext *C, const char *Shard, const char *Token, int *Status) {
  redisReply *Reply = redisCommand(C, "SET shard:lock:%s %s NX PX 30000", Shard, Token);
  *Status = classify(Reply);
  if (Reply)
    freeReplyObject(Reply);
}

void errorsOnly(redisContext *C, const char *Token) {
  int Status;
  shardTryStatus(C, "sa", Token, &Status);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'SET ... NX' is tested, but 'reindex' runs whether or not this process got lock 'shard:lock:sa' [distlock-acquire-unchecked]
  if (Status < 0)
    return;
  reindex("sa");
  unlockShard(C, "sa");
}

// No lock is held after a status other than held: returning there leaks
// nothing.
int heldOnly(redisContext *C, const char *Token) {
  int Status;
  shardTryStatus(C, "af", Token, &Status);
  if (Status != SHARD_HELD)
    return Status == SHARD_BUSY ? 1 : -1;
  reindex("af");
  unlockShard(C, "af");
  return 0;
}
