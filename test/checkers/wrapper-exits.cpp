// What a lock class's methods leave their callers: a method that returns
// nothing has no answer to check, whatever it did with the reply inside
// (it retries until it holds the lock); a return whose value is the release
// lets the lock go on its way out.
// RUN: %check_distlock %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t-plugin -- -std=c++17 -isystem %stubs

#include <hiredis/hiredis.h>
#include <string>

void pause();
void compact();
std::string newToken();

class Lease {
public:
  void acquireBlocking(const std::string &name, const std::string &token);
  bool tryTake(const std::string &name, const std::string &token, int ttlMs);
  bool release(const std::string &name, const std::string &token);

private:
  redisContext *ctx_ = nullptr;
};

void Lease::acquireBlocking(const std::string &name, const std::string &token) {
  const std::string key = "lock:" + name;
  for (;;) {
    auto *reply = static_cast<redisReply *>(
        redisCommand(ctx_, "SET %s %s NX PX 30000", key.c_str(), token.c_str()));
    const bool taken = reply != nullptr && reply->type == REDIS_REPLY_STATUS;
    freeReplyObject(reply);
    if (taken)
      return;
    pause();
  }
}

bool Lease::tryTake(const std::string &name, const std::string &token, int ttlMs) {
  const std::string key = "lock:" + name;
  auto *reply = static_cast<redisReply *>(
      redisCommand(ctx_, "SET %s %s NX PX %d", key.c_str(), token.c_str(), ttlMs));
  const bool taken = reply != nullptr && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  return taken;
}

bool Lease::release(const std::string &name, const std::string &token) {
  const std::string key = "lock:" + name;
  auto *reply = static_cast<redisReply *>(redisCommand(
      ctx_, "EVAL %s 1 %s %s",
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) "
      "else return 0 end",
      key.c_str(), token.c_str()));
  const bool released = reply && reply->type == REDIS_REPLY_INTEGER && reply->integer == 1;
  freeReplyObject(reply);
  return released;
}

void compactWhenHeld(Lease &lease) {
  const std::string token = newToken();
  lease.acquireBlocking("compaction", token);
  compact();
  lease.release("compaction", token);
}

bool compactAndRelease(Lease &lease, int ttlMs) {
  const std::string token = newToken();
  if (!lease.tryTake("compaction", token, ttlMs))
    return false;
  compact();
  return lease.release("compaction", token);
}

// The same class's try-lock, its answer dropped: reported.
void compactUnchecked(Lease &lease) {
  const std::string token = newToken();
  lease.tryTake("compaction", token, 5000);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'SET ... NX' is never checked: the code after it runs whether or not this process got lock 'lock:compaction' [distlock-acquire-unchecked]
  compact();
  lease.release("compaction", token);
}

// A return before the release: reported.
bool compactOrGiveUp(Lease &lease, int ttlMs, bool dryRun) {
  const std::string token = newToken();
  if (!lease.tryTake("compaction", token, ttlMs))
    return false;
  if (dryRun)
    return true;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'return' leaves the scope of lock 'lock:compaction' before its release: the lock stays held until its TTL (ttlMs ms) expires [distlock-release-not-on-every-path]
  // CHECK-MESSAGES: :[[@LINE-5]]:8: note: lock acquired here
  compact();
  return lease.release("compaction", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: note: the lock is released here on the other paths
}
