// RUN: %check_distlock %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t -- -std=c11 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t-plugin -- -std=c11 -isystem %stubs

// A lock taken by a Lua script that answers 1 when its SET NX took the key
// and 0 when it did not; the wrapper adds -1 for a missing or odd reply.
// Callers that test only one of the two failures, or test the status as a
// truth value, run the work on the other failure.

#include <hiredis/hiredis.h>
#include <stddef.h>

void rebuild(const char *Name);
void unlockJob(redisContext *C, const char *Name);

static const char *TakeScript =
    "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end return 0";

int takeJob(redisContext *C, const char *Name, const char *Token) {
  int Status;
  redisReply *Reply = redisCommand(C, "EVAL %s 1 job:lock:%s %s 30000", TakeScript, Name, Token);
  if (Reply == NULL || Reply->type != REDIS_REPLY_INTEGER)
    Status = -1;
  else if (Reply->integer == 0)
    Status = 0;
  else
    Status = 1;
  if (Reply)
    freeReplyObject(Reply);
  return Status;
}

void errorsOnly(redisContext *C) {
  if (takeJob(C, "errors", "t-1") < 0)
    return;
  // CHECK-MESSAGES: :[[@LINE-2]]:7: warning: the result of 'SET ... NX' is tested, but 'rebuild' runs whether or not this process got lock 'job:lock:errors' [distlock-acquire-unchecked]
  rebuild("errors");
  unlockJob(C, "errors");
}

void busyOnly(redisContext *C) {
  if (takeJob(C, "busy", "t-2") != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: the result of 'SET ... NX' is tested, but 'rebuild' runs whether or not this process got lock 'job:lock:busy' [distlock-acquire-unchecked]
    rebuild("busy");
    unlockJob(C, "busy");
  }
}

void truthValue(redisContext *C) {
  // -1 is true too.
  if (takeJob(C, "truth", "t-3"))
    rebuild("truth");
  // CHECK-MESSAGES: :[[@LINE-2]]:7: warning: the result of 'SET ... NX' is tested, but 'rebuild' runs whether or not this process got lock 'job:lock:truth' [distlock-acquire-unchecked]
}

void keptThenTested(redisContext *C) {
  int Got = takeJob(C, "kept", "t-4");
  if (Got == -1) {
    return;
  } else {
    rebuild("kept");
  }
  // CHECK-MESSAGES: :[[@LINE-6]]:13: warning: the result of 'SET ... NX' is tested, but 'rebuild' runs whether or not this process got lock 'job:lock:kept' [distlock-acquire-unchecked]
}

// True negatives: each test leaves on both failures.
void positiveOnly(redisContext *C) {
  if (takeJob(C, "positive", "t-5") > 0) {
    rebuild("positive");
    unlockJob(C, "positive");
  }
}

void leavesOnBoth(redisContext *C) {
  int Got = takeJob(C, "both", "t-6");
  if (Got <= 0)
    return;
  rebuild("both");
  unlockJob(C, "both");
}

void exactlyOne(redisContext *C) {
  if (takeJob(C, "one", "t-7") == 1)
    rebuild("one");
}

// A classifier of the program turns the reply into the status.
static int classify(redisReply *Reply) {
  if (Reply == NULL)
    return -1;
  if (Reply->type == REDIS_REPLY_NIL)
    return 0;
  return 1;
}

int takeShard(redisContext *C, const char *Shard) {
  return classify(redisCommand(C, "SET shard:lock:%s owner-9 NX PX 5000", Shard));
}

void classifiedErrorsOnly(redisContext *C) {
  if (takeShard(C, "eu") < 0)
    return;
  // CHECK-MESSAGES: :[[@LINE-2]]:7: warning: the result of 'SET ... NX' is tested, but 'rebuild' runs whether or not this process got lock 'shard:lock:eu' [distlock-acquire-unchecked]
  rebuild("eu");
}

void classifiedChecked(redisContext *C) {
  if (takeShard(C, "us") != 1)
    return;
  rebuild("us");
}

// A test nobody can read leaves on something: no early return here is a
// lock left behind.
int oddTest(redisContext *C, int Limit) {
  int Got = takeJob(C, "odd", "t-8");
  if (Got > Limit)
    return 0;
  rebuild("odd");
  freeReplyObject(redisCommand(C, "DEL job:lock:odd"));
  return 1;
}

// A script that hands out a fencing number when it takes the key, and 0 when
// someone else holds it; the function passes the number on, or -1.
static const char *FencedTake =
    "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then "
    "  return redis.call('incr', KEYS[2]) "
    "end "
    "return 0";

long long takeFenced(redisContext *C, const char *Name, const char *Token) {
  redisReply *Reply =
      redisCommand(C, "EVAL %s 2 batch:lock:%s batch:fence:%s %s 30000", FencedTake, Name, Name, Token);
  if (Reply == NULL)
    return -1;
  long long Fence = Reply->type == REDIS_REPLY_INTEGER ? Reply->integer : -1;
  freeReplyObject(Reply);
  return Fence;
}

void fenceErrorsOnly(redisContext *C) {
  long long Fence = takeFenced(C, "nightly", "t-9");
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: the result of 'SET ... NX' is tested, but 'rebuild' runs whether or not this process got lock 'batch:lock:nightly' [distlock-acquire-unchecked]
  if (Fence < 0)
    return;
  rebuild("nightly");
}

void fenceNotMinusOne(redisContext *C) {
  // CHECK-MESSAGES: :[[@LINE+1]]:7: warning: the result of 'SET ... NX' is tested, but 'rebuild' runs whether or not this process got lock 'batch:lock:hourly' [distlock-acquire-unchecked]
  if (takeFenced(C, "hourly", "t-10") != -1)
    rebuild("hourly");
}

void fenceChecked(redisContext *C) {
  long long Fence = takeFenced(C, "weekly", "t-11");
  if (Fence <= 0)
    return;
  rebuild("weekly");
}

void fencePositive(redisContext *C) {
  if (takeFenced(C, "monthly", "t-12") > 0)
    rebuild("monthly");
}
