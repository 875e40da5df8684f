// RUN: %check_distlock %s distlock-release-not-on-every-path %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-release-not-on-every-path %t-plugin -- -std=c++17 -isystem %stubs

// A scope guard (`auto undo = ScopeExit([&] { release(); });`) releases
// the lock on every path that leaves its block after it is declared; an
// exit before it keeps the lock.

#include <hiredis/hiredis.h>
#include <string>
#include <utility>

redisContext *context();
bool emptyQueue();
void drain();

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F Fn) : Fn(std::move(Fn)) {}
  ~ScopeExit() { Fn(); }

private:
  F Fn;
};
template <typename F> ScopeExit<F> onExit(F Fn) { return ScopeExit<F>(std::move(Fn)); }

bool take(const std::string &Key, const std::string &Token) {
  auto *Reply = static_cast<redisReply *>(
      redisCommand(context(), "SET %s %s NX PX 30000", Key.c_str(), Token.c_str()));
  bool Held = Reply && Reply->type == REDIS_REPLY_STATUS;
  if (Reply)
    freeReplyObject(Reply);
  return Held;
}

void release(const std::string &Key, const std::string &Token) {
  auto *Reply = static_cast<redisReply *>(redisCommand(
      context(), "EVAL %s 1 %s %s",
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end",
      Key.c_str(), Token.c_str()));
  if (Reply)
    freeReplyObject(Reply);
}

// The early return comes before the guard: nothing releases there.
int sweepLate(const std::string &Key, const std::string &Token) {
  if (!take(Key, Token))
    return 0;
  if (emptyQueue())
    return 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'return' leaves the scope of lock 'Key' before its release: the lock stays held until its TTL (30000 ms) expires [distlock-release-not-on-every-path]
  // CHECK-MESSAGES: :[[@LINE+1]]:15: note: the lock is released here on the other paths
  auto Undo = onExit([&] { release(Key, Token); });
  drain();
  return 1;
}

// Guarded from the start: every exit releases.
int sweepGuarded(const std::string &Key, const std::string &Token) {
  if (!take(Key, Token))
    return 0;
  auto Undo = onExit([&] { release(Key, Token); });
  if (emptyQueue())
    return 0;
  drain();
  return 1;
}
