// Locks as services wrap them: a client class whose methods are defined after
// the code that calls them, acquires that report success as a bool, a stored
// flag or a status enum through several levels, releases through helpers,
// and printf-style command functions of the service's own.
// RUN: %check_distlock %s 'distlock-*' %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s 'distlock-*' %t-plugin -- -std=c++17 -isystem %stubs

#include <hiredis/hiredis.h>
#include <chrono>
#include <cstdarg>
#include <cstring>
#include <string>
#include <thread>

enum class Outcome { Busy, Failed, Done };

class RedisStore {
public:
  // printf-style: the format and its arguments go to hiredis as a va_list.
  redisReply *command(const char *format, ...);
  bool tryLock(const std::string &key, const std::string &token);
  void unlock(const std::string &key);
  void put(const std::string &key, const std::string &value);
  void recordOwner(const std::string &name, const std::string &owner);

private:
  void remove(const std::string &key);
  redisContext *context_;
};

// Callers come first; the bodies they call are further down the file.
class Wallet {
public:
  Outcome credit(const std::string &user, int amount, const std::string &token) {
    std::string lockKey = "lock:wallet:" + user;
    if (!store_.tryLock(lockKey, token))
      return Outcome::Busy;
    store_.put("balance:" + user, std::to_string(amount));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: write to Redis key 'balance:{user}' in the scope of lock 'lock:wallet:{user}' has no fencing predicate
    // CHECK-MESSAGES: :[[@LINE-4]]:10: note: lock acquired here, with a TTL of 10000 ms
    // CHECK-MESSAGES: :[[@LINE-3]]:5: note: write through a Lua script
    store_.unlock(lockKey);
    return Outcome::Done;
  }

  // Retries on the status value until it is not Busy: no deadline.
  bool creditWhenFree(const std::string &user, int amount, const std::string &token) {
    Outcome result;
    while ((result = credit(user, amount, token)) == Outcome::Busy)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: this loop waits for lock 'lock:wallet:{user}' with no deadline
    // CHECK-MESSAGES: :[[@LINE-2]]:22: note: acquire attempted here
    // CHECK-MESSAGES: :[[@LINE-3]]:5: note: end the loop at a deadline
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return result == Outcome::Done;
  }

  // Retries with a limit on attempts: bounded.
  bool creditOrGiveUp(const std::string &user, int amount, const std::string &token) {
    for (int attempt = 0; attempt < 5; ++attempt)
      if (credit(user, amount, token) == Outcome::Done)
        return true;
    return false;
  }

private:
  RedisStore store_;
};

redisReply *RedisStore::command(const char *format, ...) {
  va_list args;
  va_start(args, format);
  void *reply = redisvCommand(context_, format, args);
  va_end(args);
  return static_cast<redisReply *>(reply);
}

// The success is kept in a flag, the reply freed, and the flag returned.
bool RedisStore::tryLock(const std::string &key, const std::string &token) {
  redisReply *reply = command("SET %s %s NX PX 10000", key.c_str(), token.c_str());
  bool won = reply != nullptr && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  return won;
}

// The lock's own release, two helpers deep: a release, never a write. The
// helpers are handed their key, so the finding is at the lock's unlock().
void RedisStore::unlock(const std::string &key) { remove(key); }
// CHECK-MESSAGES: :[[@LINE-1]]:51: warning: 'DEL' releases lock 'key' without checking that this process still holds it
// CHECK-MESSAGES: :[[@LINE-2]]:51: note: release with 'EVAL
// CHECK-MESSAGES: :[[@LINE+1]]:67: note: 'DEL' is issued here, in 'RedisStore::remove'
void RedisStore::remove(const std::string &key) { freeReplyObject(command("DEL %s", key.c_str())); }

void RedisStore::put(const std::string &key, const std::string &value) {
  freeReplyObject(command("SET %s %s XX", key.c_str(), value.c_str()));
}

// Metadata about a lock is not a lock because of the function's name.
void RedisStore::recordOwner(const std::string &name, const std::string &owner) {
  std::string infoKey = "owner-of:" + name;
  freeReplyObject(command("SET %s %s", infoKey.c_str(), owner.c_str()));
}

// A reply kept in a variable declared before the loop, tested later.
void countRuns(redisContext *c) {
  redisReply *reply;
  for (int run = 0; run < 10; ++run) {
    reply = static_cast<redisReply *>(redisCommand(c, "SET lock:runs %d NX PX 1000", run));
    if (reply == nullptr || reply->type != REDIS_REPLY_STATUS)
      continue;
    freeReplyObject(reply);
    reply = static_cast<redisReply *>(redisCommand(c, "SET runs:last %d", run));
    // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: write to Redis key 'runs:last' in the scope of lock 'lock:runs' has no fencing predicate
    // CHECK-MESSAGES: :[[@LINE-6]]:39: note: lock acquired here, with a TTL of 1000 ms
    // CHECK-MESSAGES: :[[@LINE-3]]:39: note: write through a Lua script
    freeReplyObject(reply);
  }
}

// The reply replaced before any test: the test is not the acquire's.
void replacedBeforeTest(redisContext *c, const char *token) {
  redisReply *reply;
  reply = static_cast<redisReply *>(redisCommand(c, "SET lock:jobs %s NX PX 1000", token));
  freeReplyObject(reply);
  reply = static_cast<redisReply *>(redisCommand(c, "GET jobs:next"));
  if (reply == nullptr)
    return;
  freeReplyObject(redisCommand(c, "SET jobs:last %d", 2));
}

// The outcome stored in a flag and tested after the reply is freed.
void settle(redisContext *c, const char *token) {
  auto *reply = static_cast<redisReply *>(redisCommand(c, "SET lock:settle %s NX PX 5000", token));
  bool won = reply && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  if (!won)
    return;
  freeReplyObject(redisCommand(c, "SET settled:last %s", token));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: write to Redis key 'settled:last' in the scope of lock 'lock:settle' has no fencing predicate
  // CHECK-MESSAGES: :[[@LINE-7]]:43: note: lock acquired here, with a TTL of 5000 ms
  // CHECK-MESSAGES: :[[@LINE-3]]:19: note: write through a Lua script
}

// A flag that says the opposite: its being true means the lock was not taken.
void settleIfFree(redisContext *c, const char *token) {
  auto *reply = static_cast<redisReply *>(redisCommand(c, "SET lock:settle %s NX PX 5000", token));
  bool busy = reply == nullptr || reply->type != REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  if (busy)
    return;
  freeReplyObject(redisCommand(c, "SET settled:last %s", token));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: write to Redis key 'settled:last' in the scope of lock 'lock:settle' has no fencing predicate
  // CHECK-MESSAGES: :[[@LINE-7]]:43: note: lock acquired here, with a TTL of 5000 ms
  // CHECK-MESSAGES: :[[@LINE-3]]:19: note: write through a Lua script
}
