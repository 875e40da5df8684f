// RUN: %check_distlock %s distlock-unfenced-write,distlock-redis-unchecked-release %t -- -std=c++17 -isystem %stubs

// Services call hiredis through classes of their own: an interface whose
// pure method takes a printf-style command and answers the reply, with the
// implementation in another file. The declaration says enough: a format,
// then `...`, answered by a hiredis reply, is a Redis command.

#include <hiredis/hiredis.h>
#include <memory>
#include <string>

using Reply = std::shared_ptr<redisReply>;

class RedisConnection {
public:
  virtual ~RedisConnection() = default;
  virtual Reply run(const char *format, ...) = 0;
};

// Defined in another unit; only its header is seen here.
redisReply *sendCommand(redisContext *c, const char *format, ...);

// Variadic, but answers no reply: a log line, not a command.
int logLine(const char *format, ...);

// A scope guard: its destructor runs the action.
template <class F> class Finally {
public:
  explicit Finally(F Action) : Action(std::move(Action)) {}
  ~Finally() { Action(); }

private:
  F Action;
};

std::string newToken();

class Counters {
public:
  explicit Counters(std::shared_ptr<RedisConnection> Db) : Db(std::move(Db)) {}

  // Waits inside until it has the lock, and hands back the token.
  std::string lock(const std::string &Name) {
    std::string Token = newToken();
    for (;;) {
      Reply R = Db->run("SET lock:%s %s NX PX 30000", Name.c_str(), Token.c_str());
      if (R && R->type == REDIS_REPLY_STATUS)
        return Token;
    }
  }

  void unlock(const std::string &Name) { Db->run("DEL lock:%s", Name.c_str()); }
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: 'DEL' releases lock 'lock:{Name}' without checking that this process still holds it [distlock-redis-unchecked-release]
  // CHECK-MESSAGES: :[[@LINE-8]]:17: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE-3]]:42: note: release with 'EVAL

  void bump(const std::string &Server) {
    std::string Token = lock("counters");
    Finally Release([&] { unlock("counters"); });
    Reply Count = Db->run("HGET logins %s", Server.c_str());
    Db->run("HSET logins %s %d", Server.c_str(), Count ? 1 : 0);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: write to Redis key 'logins' in the scope of lock 'lock:counters' has no fencing predicate
    // CHECK-MESSAGES: :[[@LINE-5]]:25: note: lock acquired here, with a TTL of 30000 ms
    // CHECK-MESSAGES: :[[@LINE-3]]:5: note: write through a Lua script that first compares a fencing token
  }

  // A lambda kept in a variable runs only when called: the guard rule does
  // not apply, and the next statement that deletes the key ends the scope.
  void reset(const std::string &Server) {
    std::string Token = lock("counters");
    auto Release = [&] { unlock("counters"); };
    Release();
    Db->run("HDEL logins %s", Server.c_str());
  }

private:
  std::shared_ptr<RedisConnection> Db;
};

void seed(redisContext *c) {
  redisReply *Taken = sendCommand(c, "SET lock:seed 1 NX PX 10000");
  bool Mine = Taken && Taken->type == REDIS_REPLY_STATUS;
  freeReplyObject(Taken);
  if (!Mine)
    return;
  sendCommand(c, "SET seeded 1");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to Redis key 'seeded' in the scope of lock 'lock:seed' has no fencing predicate
  // CHECK-MESSAGES: :[[@LINE-7]]:23: note: lock acquired here, with a TTL of 10000 ms
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: write through a Lua script that first compares a fencing token
  logLine("SET audit %d", 1);
  sendCommand(c, "DEL lock:seed");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'DEL' releases lock 'lock:seed' without checking that this process still holds it
  // CHECK-MESSAGES: :[[@LINE-12]]:23: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: release with 'EVAL
}
