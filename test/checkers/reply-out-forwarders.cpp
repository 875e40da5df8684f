// RUN: %check_distlock %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t-plugin -- -std=c++17 -isystem %stubs

// A printf-style forwarder that hands the reply out through a parameter
// and returns whether the request ran: the lock's answer is in the reply,
// not in what the call returns.

#include <hiredis/hiredis.h>
#include <cstdarg>

redisContext *context();
void rebuild(const char *Sku);

bool VExec(redisReply **Out, const char *Format, va_list Args) {
  redisReply *Reply = static_cast<redisReply *>(redisvCommand(context(), Format, Args));
  if (!Reply)
    return false;
  if (Reply->type == REDIS_REPLY_ERROR) {
    freeReplyObject(Reply);
    return false;
  }
  if (Out)
    *Out = Reply;
  else
    freeReplyObject(Reply);
  return true;
}

bool Exec(redisReply **Out, const char *Format, ...) {
  va_list Args;
  va_start(Args, Format);
  bool Ran = VExec(Out, Format, Args);
  va_end(Args);
  return Ran;
}

void releaseSku(const char *Sku, const char *Token) {
  Exec(nullptr, "EVAL %s 1 lock:sku:%s %s",
       "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end",
       Sku, Token);
}

// The request ran and the reply said the lock was taken: the early return
// before it holds nothing.
bool reserve(const char *Sku, const char *Token) {
  redisReply *Reply = nullptr;
  if (!Exec(&Reply, "SET lock:sku:%s %s NX PX 10000", Sku, Token))
    return false;
  bool Got = Reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(Reply);
  if (!Got)
    return false;
  rebuild(Sku);
  releaseSku(Sku, Token);
  return true;
}

// An early return after the reply said held skips the release.
bool restock(const char *Sku, const char *Token, bool Empty) {
  redisReply *Reply = nullptr;
  if (!Exec(&Reply, "SET lock:sku:%s %s NX PX 10000", Sku, Token))
    return false;
  bool Got = Reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(Reply);
  if (!Got)
    return false;
  if (Empty)
    return false;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'return' leaves the scope of lock 'lock:sku:{Sku}' before its release: the lock stays held until its TTL (10000 ms) expires [distlock-release-not-on-every-path]
  rebuild(Sku);
  releaseSku(Sku, Token);
  return true;
}

// Only whether the request ran is asked: the work runs when another
// process holds the lock too.
void recount(const char *Sku, const char *Token) {
  redisReply *Reply = nullptr;
  if (!Exec(&Reply, "SET lock:sku:%s %s NX PX 10000", Sku, Token))
    // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'Exec' answers through 'Reply', which is never checked: the code after it runs whether or not this process got lock 'lock:sku:{Sku}' [distlock-acquire-unchecked]
    return;
  freeReplyObject(Reply);
  rebuild(Sku);
  releaseSku(Sku, Token);
}

// A bounded retry whose answer is asked after the loop.
bool takeSku(const char *Sku, const char *Token) {
  redisReply *Reply = static_cast<redisReply *>(
      redisCommand(context(), "SET lock:sku:%s %s NX PX 10000", Sku, Token));
  bool Ok = Reply && Reply->type == REDIS_REPLY_STATUS;
  if (Reply)
    freeReplyObject(Reply);
  return Ok;
}

void napMs(int Ms);

int collect(const char *Sku, const char *Token, int Attempts, bool Empty) {
  bool Locked = false;
  for (int Attempt = 0; Attempt < Attempts && !Locked; ++Attempt) {
    Locked = takeSku(Sku, Token);
    if (!Locked)
      napMs(100 * (Attempt + 1));
  }
  if (!Locked)
    return -1;
  if (Empty)
    return 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'return' leaves the scope of lock 'lock:sku:{Sku}' before its release: the lock stays held until its TTL (10000 ms) expires [distlock-release-not-on-every-path]
  rebuild(Sku);
  releaseSku(Sku, Token);
  return 1;
}

int collectAll(const char *Sku, const char *Token, int Attempts) {
  bool Locked = false;
  for (int Attempt = 0; Attempt < Attempts && !Locked; ++Attempt) {
    Locked = takeSku(Sku, Token);
    if (!Locked)
      napMs(100 * (Attempt + 1));
  }
  if (!Locked)
    return -1;
  rebuild(Sku);
  releaseSku(Sku, Token);
  return 1;
}
