// RUN: %check_distlock %s distlock-acquire-unchecked %t -- -std=c++17 -isystem %stubs

// Acquire wrappers that hand back the token they stored, or an empty string
// when another process holds the lock. Passing that token to the release
// says nothing about whether the acquire worked: the work between them runs
// either way.

#include <hiredis/hiredis.h>
#include <functional>
#include <string>
#include <utility>

std::string newToken();
int readCounter();
void writeCounter(int Value);
void audit(const std::string &Token);

// A guard that runs its action when the scope ends.
class OnExit {
public:
  explicit OnExit(std::function<void()> Action) : Action(std::move(Action)) {}
  ~OnExit() { Action(); }

private:
  std::function<void()> Action;
};

class TokenLock {
public:
  explicit TokenLock(redisContext *Context) : Context(Context) {}

  std::string acquire(const std::string &Key) {
    std::string Token = newToken();
    auto *Reply = static_cast<redisReply *>(
        redisCommand(Context, "SET %s %s NX PX 30000", Key.c_str(), Token.c_str()));
    bool Taken = Reply && Reply->type == REDIS_REPLY_STATUS;
    freeReplyObject(Reply);
    return Taken ? Token : "";
  }

  void release(const std::string &Key, const std::string &Token) {
    freeReplyObject(redisCommand(Context, "EVAL %s 1 %s %s",
                                 "if redis.call('get', KEYS[1]) == ARGV[1] then return "
                                 "redis.call('del', KEYS[1]) else return 0 end",
                                 Key.c_str(), Token.c_str()));
  }

private:
  redisContext *Context;
};

// The token only reaches the release, through a guard's lambda.
void incrementUnderGuard(TokenLock &Lock) {
  const std::string Key = "lock:counter";
  auto Token = Lock.acquire(Key);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: the result of 'SET ... NX' is never checked: the code after it runs whether or not this process got lock 'lock:counter' [distlock-acquire-unchecked]
  OnExit Release([&Lock, Key, Token] { Lock.release(Key, Token); });
  writeCounter(readCounter() + 1);
}

// The token only reaches the release, called at the end.
void incrementThenRelease(TokenLock &Lock) {
  std::string Token = Lock.acquire("lock:counter");
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: the result of 'SET ... NX' is never checked{{.*}}lock 'lock:counter'
  writeCounter(readCounter() + 1);
  Lock.release("lock:counter", Token);
}

// Negatives.

// The empty token is tested before the work.
void incrementWhenTaken(TokenLock &Lock) {
  const std::string Key = "lock:counter";
  auto Token = Lock.acquire(Key);
  if (Token.empty())
    return;
  OnExit Release([&Lock, Key, Token] { Lock.release(Key, Token); });
  writeCounter(readCounter() + 1);
}

// The token is read by something other than the release.
void incrementAudited(TokenLock &Lock) {
  std::string Token = Lock.acquire("lock:counter");
  audit(Token);
  writeCounter(readCounter() + 1);
  Lock.release("lock:counter", Token);
}

// The guard's lambda reads the token before it releases.
void incrementCheckedAtExit(TokenLock &Lock) {
  const std::string Key = "lock:counter";
  auto Token = Lock.acquire(Key);
  OnExit Release([&] {
    if (!Token.empty())
      Lock.release(Key, Token);
  });
  writeCounter(readCounter() + 1);
}
