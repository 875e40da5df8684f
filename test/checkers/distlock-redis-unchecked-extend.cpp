// RUN: %check_distlock %s distlock-redis-unchecked-extend %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-redis-unchecked-extend %t-plugin -- -std=c++17 -isystem %stubs

#include <Poco/Redis/Command.h>
#include <cpp_redis/cpp_redis>
#include <hiredis/hiredis.h>
#include <sw/redis++/redis++.h>
#include <chrono>
#include <string>

// A watchdog that refreshes the TTL with PEXPIRE extends whoever holds the key.
void watchdog(redisContext *c, const char *name) {
  redisCommand(c, "PEXPIRE lock:%s 30000", name);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'PEXPIRE' extends lock 'lock:{name}' without checking that this process still holds it: a holder whose lock expired extends the next holder's lock [distlock-redis-unchecked-extend]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: extend with 'EVAL "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end" 1 <key> <token> <milliseconds>', which refreshes the expiry only while the key holds this process's token
}

// Acquired with an expiry, then extended later in the same function.
void longJob(sw::redis::Redis &redis, const std::string &token) {
  if (!redis.set("lock:export", token, std::chrono::seconds(30), sw::redis::UpdateType::NOT_EXIST))
    return;
  redis.expire("lock:export", 30);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'EXPIRE' extends lock 'lock:export' without checking
}

// SET ... XX rewrites the value and TTL of whoever holds the key.
void refreshWithSetXx(redisContext *c, sw::redis::Redis &redis, const char *token) {
  redisCommand(c, "SET lock:feed %s XX PX 30000", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET ... XX' extends lock 'lock:feed' without checking
  redis.set("lock:feed", token, std::chrono::seconds(30), sw::redis::UpdateType::EXIST);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET ... XX' extends lock 'lock:feed' without checking
}

void otherClients(cpp_redis::client &client) {
  client.pexpire("lock:mail", 10000);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'PEXPIRE' extends lock 'lock:mail' without checking
  Poco::Redis::Command::expire("lock:poco", 10);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'EXPIRE' extends lock 'lock:poco' without checking
}

// A class whose name says it is a lock: its keys are locks.
class LeaseMutex {
public:
  explicit LeaseMutex(sw::redis::Redis &redis) : redis_(redis) {}
  void renew() {
    redis_.pexpire(name_, std::chrono::milliseconds(5000));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'PEXPIRE' extends lock 'name_' without checking
  }

private:
  sw::redis::Redis &redis_;
  std::string name_;
};

// A script that extends without comparing.
void scriptWithoutCheck(redisContext *c) {
  redisCommand(c, "EVAL %s 1 %s", "return redis.call('pexpire', KEYS[1], 5000)", "lock:s");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'PEXPIRE' extends lock 'lock:s' without checking
}

// Templates, macros and calls over several lines.
template <typename T> void extendInTemplate(sw::redis::Redis &redis, T) {
  redis.pexpire("lock:tmpl", 1000);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'PEXPIRE' extends lock 'lock:tmpl' without checking
}
template void extendInTemplate<int>(sw::redis::Redis &, int);

#define KEEP_ALIVE(ctx, key) redisCommand(ctx, "PEXPIRE %s 30000", key)
void extendInMacro(redisContext *c) {
  KEEP_ALIVE(c, "lock:macro");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'PEXPIRE' extends lock 'lock:macro' without checking
}

void extendOverLines(cpp_redis::client &client) {
  client.expire(
      "lock:lines",
      60);
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: 'EXPIRE' extends lock 'lock:lines' without checking
}

// Negatives: the token-checked extend script, expiries on data, and the
// EXPIRE that completes a SETNX (distlock-redis-set-without-expiry's finding).
constexpr const char kExtend[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
void negatives(redisContext *c, sw::redis::Redis &redis, const std::string &token) {
  redisCommand(c, "EVAL %s 1 %s %s %d", kExtend, "lock:a", token.c_str(), 30000);
  redis.eval<long long>(kExtend, {"lock:b"}, {token, "30000"});
  redisCommand(c, "EXPIRE session:%s 3600", "42");
  redis.expire("cache:home", 60);
  redisCommand(c, "SETNX lock:pair %s", token.c_str());
  redisCommand(c, "EXPIRE lock:pair 30");
  redisCommand(c, "SET cache:x %s XX", token.c_str());
}
