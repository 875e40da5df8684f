// RUN: %check_distlock %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t -- -std=c11 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t-plugin -- -std=c11 -isystem %stubs

// A hiredis reply to a take is one of four things: no reply at all, an
// error reply, the answer that someone else holds the key (nil for SET NX,
// 0 for SETNX), or the answer that this process took it. A test that lets
// no reply or the busy answer into the work is reported; an error reply
// alone is not.

#include <hiredis/hiredis.h>
#include <stddef.h>
#include <strings.h>

void compact(void);
void releaseCompaction(redisContext *C);

void onlyNull(redisContext *C, const char *Token) {
  redisReply *Reply = redisCommand(C, "SET compact:lock:a %s NX PX 30000", Token);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: the result of 'SET ... NX' is tested, but 'compact' runs whether or not this process got lock 'compact:lock:a' [distlock-acquire-unchecked]
  if (!Reply)
    return;
  freeReplyObject(Reply);
  compact();
  releaseCompaction(C);
}

void nullAndErrors(redisContext *C, const char *Token) {
  redisReply *Reply = redisCommand(C, "SET compact:lock:b %s NX PX 30000", Token);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: the result of 'SET ... NX' is tested, but 'compact' runs whether or not this process got lock 'compact:lock:b' [distlock-acquire-unchecked]
  if (Reply == NULL || Reply->type == REDIS_REPLY_ERROR) {
    if (Reply)
      freeReplyObject(Reply);
    return;
  }
  freeReplyObject(Reply);
  compact();
  releaseCompaction(C);
}

void busyOnly(redisContext *C, const char *Token) {
  redisReply *Reply = redisCommand(C, "SET compact:lock:c %s NX PX 30000", Token);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: the result of 'SET ... NX' is tested, but 'compact' runs whether or not this process got lock 'compact:lock:c' [distlock-acquire-unchecked]
  if (Reply && Reply->type == REDIS_REPLY_NIL) {
    freeReplyObject(Reply);
    return;
  }
  if (Reply)
    freeReplyObject(Reply);
  compact();
  releaseCompaction(C);
}

void setnxErrors(redisContext *C, const char *Token) {
  redisReply *Reply = redisCommand(C, "SETNX compact:lock:d %s", Token);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: the result of 'SETNX' is tested, but 'compact' runs whether or not this process got lock 'compact:lock:d' [distlock-acquire-unchecked]
  if (Reply == NULL || Reply->type == REDIS_REPLY_ERROR)
    return;
  freeReplyObject(Reply);
  compact();
  releaseCompaction(C);
}

void notAnError(redisContext *C, const char *Token) {
  redisReply *Reply = redisCommand(C, "SET compact:lock:e %s NX PX 30000", Token);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: the result of 'SET ... NX' is tested, but 'compact' runs whether or not this process got lock 'compact:lock:e' [distlock-acquire-unchecked]
  if (Reply != NULL && Reply->type != REDIS_REPLY_ERROR) {
    compact();
    releaseCompaction(C);
  }
  if (Reply)
    freeReplyObject(Reply);
}

// True negatives: the tests leave on every failure.
void eachInTurn(redisContext *C, const char *Token) {
  redisReply *Reply = redisCommand(C, "SET compact:lock:f %s NX PX 30000", Token);
  if (Reply == NULL)
    return;
  if (Reply->type != REDIS_REPLY_STATUS) {
    freeReplyObject(Reply);
    return;
  }
  freeReplyObject(Reply);
  compact();
  releaseCompaction(C);
}

void statusText(redisContext *C, const char *Token) {
  redisReply *Reply = redisCommand(C, "SET compact:lock:g %s NX PX 30000", Token);
  if (Reply && Reply->type == REDIS_REPLY_STATUS && strcasecmp(Reply->str, "ok") == 0) {
    compact();
    releaseCompaction(C);
  }
  if (Reply)
    freeReplyObject(Reply);
}

// An error reply is not held against a test of the other failures.
void nullAndBusy(redisContext *C, const char *Token) {
  redisReply *Reply = redisCommand(C, "SET compact:lock:j %s NX PX 30000", Token);
  if (!Reply || Reply->type == REDIS_REPLY_NIL)
    return;
  freeReplyObject(Reply);
  compact();
  releaseCompaction(C);
}

void setnxOne(redisContext *C, const char *Token) {
  redisReply *Reply = redisCommand(C, "SETNX compact:lock:h %s", Token);
  if (Reply == NULL)
    return;
  if (Reply->type != REDIS_REPLY_INTEGER || Reply->integer != 1) {
    freeReplyObject(Reply);
    return;
  }
  freeReplyObject(Reply);
  compact();
  releaseCompaction(C);
}

// A function that takes the lock and says so in its own way: the null test
// is not its last word, the value it computes from the reply is.
int takeCompaction(redisContext *C, const char *Token) {
  redisReply *Reply = redisCommand(C, "SET compact:lock:i %s NX PX 30000", Token);
  if (Reply == NULL)
    return -1;
  int Got = Reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(Reply);
  return Got;
}

void throughTheFunction(redisContext *C) {
  if (takeCompaction(C, "t-1") != 1)
    return;
  compact();
  releaseCompaction(C);
}

// The kind of reply chosen into statuses by nested ternaries: 1 taken, 0
// busy, -1 an error. Testing the status as a truth value lets the error
// through; testing it against 1 does not.
int takeSweep(redisContext *C, const char *Token) {
  redisReply *Reply = redisCommand(C, "SET compact:lock:j %s NX PX 30000", Token);
  if (Reply == NULL)
    return -1;
  int Status = Reply->type == REDIS_REPLY_STATUS ? 1 : (Reply->type == REDIS_REPLY_NIL ? 0 : -1);
  freeReplyObject(Reply);
  return Status;
}

void sweepTruthy(redisContext *C) {
  if (!takeSweep(C, "t-2"))
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: the result of 'SET ... NX' is tested, but 'compact' runs whether or not this process got lock 'compact:lock:j'
    return;
  compact();
  releaseCompaction(C);
}

void sweepExact(redisContext *C) {
  if (takeSweep(C, "t-3") != 1)
    return;
  compact();
  releaseCompaction(C);
}
