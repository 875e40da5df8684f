// Fix-its of this check sit on notes: plain --fix leaves the file unchanged
// (no CHECK-UNCHANGED lines), --fix-notes applies them.
// RUN: %check_distlock %s distlock-redis-unchecked-release %t --fixes-prefix=CHECK-UNCHANGED -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --fix-notes %s distlock-redis-unchecked-release %t-notes -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin --fix-notes %s distlock-redis-unchecked-release %t-plugin -- -std=c++17 -isystem %stubs

#include <Poco/Redis/Command.h>
#include <cpp_redis/cpp_redis>
#include <hiredis/hiredis.h>
#include <sw/redis++/redis++.h>
#include <chrono>
#include <cstring>
#include <string>

std::string newToken();

// hiredis: acquire and release in one function; the token is in scope.
void hiredisJob(redisContext *c) {
  std::string token = newToken();
  redisCommand(c, "SET lock:job %s NX PX 30000", token.c_str());
  redisCommand(c, "DEL lock:job");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'DEL' releases lock 'lock:job' without checking that this process still holds it [distlock-redis-unchecked-release]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: delete the key only while it still holds this process's token, in one script
  // CHECK-FIXES: redisCommand(c, "EVAL %s 1 %s %s", "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", "lock:job", token.c_str());
}

// redis-plus-plus in a lock class: the token is a member.
class RedisLock {
public:
  RedisLock(sw::redis::Redis &redis, std::string key) : redis_(redis), key_(std::move(key)) {}
  bool lock() {
    return redis_.set(key_, token_, std::chrono::seconds(30), sw::redis::UpdateType::NOT_EXIST);
  }
  void unlock() {
    redis_.del(key_);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'DEL' releases lock 'key_' without checking that this process still holds it
    // CHECK-MESSAGES: :[[@LINE-5]]:12: note: lock acquired here
    // CHECK-FIXES: redis_.eval<long long>("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", {key_}, {token_});
  }
  void abandon() {
    redis_.unlink(key_);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'UNLINK' releases lock 'key_' without checking
    // CHECK-FIXES: redis_.eval<long long>("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", {key_}, {token_});
  }

private:
  sw::redis::Redis &redis_;
  std::string key_;
  std::string token_ = newToken();
};

// GET, compare in C++, then DEL: another process can take the lock in
// between. The token the answer is compared with is the one to check.
void getThenDel(sw::redis::Redis &redis, const std::string &token) {
  auto owner = redis.get("lock:report");
  if (owner && *owner == token)
    redis.del("lock:report");
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: lock 'lock:report' is released by 'DEL' after a separate 'GET': another process can take the lock between the check and the delete [distlock-redis-unchecked-release]
  // CHECK-MESSAGES: :[[@LINE-4]]:16: note: owner read here
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: delete the key only while it still holds this process's token, in one script
  // CHECK-FIXES: redis.eval<long long>("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", {"lock:report"}, {token});
}

// The same in hiredis, the answer compared with strcmp.
void getThenDelHiredis(redisContext *c, const char *lockKey, const char *token) {
  redisReply *owner = (redisReply *)redisCommand(c, "GET %s", lockKey);
  if (owner && owner->type == REDIS_REPLY_STRING && strcmp(owner->str, token) == 0)
    redisCommand(c, "DEL %s", lockKey);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: lock 'lockKey' is released by 'DEL' after a separate 'GET'
  // CHECK-MESSAGES: :[[@LINE-4]]:37: note: owner read here
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: delete the key only while it still holds this process's token, in one script
  // CHECK-FIXES: redisCommand(c, "EVAL %s 1 %s %s", "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", lockKey, token);
  freeReplyObject(owner);
}

// A GET whose answer is compared with nothing gives no token: the note
// shows the script.
void getThenDelUnchecked(sw::redis::Redis &redis) {
  auto owner = redis.get("lock:audit");
  if (owner)
    redis.del("lock:audit");
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: lock 'lock:audit' is released by 'DEL' after a separate 'GET'
  // CHECK-MESSAGES: :[[@LINE-4]]:16: note: owner read here
  // CHECK-MESSAGES: :[[@LINE-3]]:5: note: release with 'EVAL
  // CHECK-FIXES: redis.del("lock:audit");
}

// cpp_redis, with its future and its callback overloads.
class MailLock {
public:
  void take(cpp_redis::client &client) { client.setnx("lock:mail", token_); }
  void release(cpp_redis::client &client) { client.del({"lock:mail"}); }
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: 'DEL' releases lock 'lock:mail' without checking
  // CHECK-FIXES: void release(cpp_redis::client &client) { client.eval("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", 1, {"lock:mail"}, {token_}); }
  void releaseLater(cpp_redis::client &client, const cpp_redis::client::reply_callback_t &done) {
    client.del({"lock:mail"}, done);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'DEL' releases lock 'lock:mail' without checking
    // CHECK-FIXES: client.eval("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", 1, {"lock:mail"}, {token_}, done);
  }

private:
  std::string token_ = newToken();
};

// Other clients; without a visible token the note shows the script.
void otherClients(cpp_redis::client &client, redisContext *c) {
  client.del({"lock:other"});
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'DEL' releases lock 'lock:other' without checking
  Poco::Redis::Command::del("lock:poco");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'DEL' releases lock 'lock:poco' without checking
  const char *argv[] = {"UNLINK", "lock:argv"};
  redisCommandArgv(c, 2, argv, nullptr);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'UNLINK' releases lock 'lock:argv' without checking
}

// A script that deletes without comparing is no safer.
void scriptWithoutCheck(redisContext *c) {
  redisCommand(c, "EVAL %s 1 %s", "return redis.call('del', KEYS[1])", "lock:script");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'DEL' releases lock 'lock:script' without checking
}

// A function named unlock makes its key a lock.
void unlockJob(redisContext *c, const char *key) {
  redisCommand(c, "DEL %s", key);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'DEL' releases lock 'key' without checking
}

// Templates, macros and calls over several lines.
template <typename T> void releaseInTemplate(sw::redis::Redis &redis, T) {
  redis.del("lock:tmpl");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'DEL' releases lock 'lock:tmpl' without checking
}
template void releaseInTemplate<int>(sw::redis::Redis &, int);

#define RELEASE(ctx, key) redisCommand(ctx, "DEL %s", key)
void releaseInMacro(redisContext *c) {
  RELEASE(c, "lock:macro");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'DEL' releases lock 'lock:macro' without checking
}

void releaseOverLines(redisContext *c, const std::string &token) {
  redisCommand(c,
               "SET lock:lines %s NX PX 30000",
               token.c_str());
  redisCommand(c,
               "DEL lock:lines");
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 'DEL' releases lock 'lock:lines' without checking
  // CHECK-FIXES: redisCommand(c, "EVAL %s 1 %s %s", "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end", "lock:lines", token.c_str());
}

// Negatives: token-checked scripts in every client, DELEX, non-lock keys,
// and keys only known at run time.
constexpr const char kRelease[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end "
    "return 0";
void negatives(redisContext *c, sw::redis::Redis &redis, cpp_redis::client &client,
               const std::string &token, const std::vector<std::string> &keys) {
  redisCommand(c, "EVAL %s 1 %s %s", kRelease, "lock:a", token.c_str());
  redis.eval<long long>(kRelease, {"lock:b"}, {token});
  client.eval(kRelease, 1, {"lock:c"}, {token});
  redisCommand(c, "DELEX lock:d IFEQ %s", token.c_str());
  redisCommand(c, "EVAL %s 1 %s %s",
               R"lua(
                 -- release only our own lock
                 local owner = redis.call("GET", KEYS[1])
                 if owner == ARGV[1] then return redis.call("DEL", KEYS[1]) end
                 return 0
               )lua",
               "lock:raw", token.c_str());
  redisCommand(c, "EVAL %s 1 %s %s",
               "if redis.call('get', KEYS[1]) == ARGV[1] "
               "then return redis.call('unlink', KEYS[1]) else return 0 end",
               "lock:adjacent", token.c_str());
  redisCommand(c, "DEL cache:user:%s", "42");
  redis.del({"session:1", "session:2"});
  client.del(keys);
  redisCommand(c, "DEL lock:quiet"); // NOLINT(distlock-redis-unchecked-release)
}
