// RUN: %check_distlock %s distlock-redis-set-without-expiry %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-redis-set-without-expiry %t-plugin -- -std=c++17 -isystem %stubs

#include <Poco/Redis/Command.h>
#include <cpp_redis/cpp_redis>
#include <hiredis/hiredis.h>
#include <sw/redis++/redis++.h>
#include <chrono>
#include <cstdlib>
#include <string>

using namespace std::chrono_literals;

// SET NX without an expiry: the fix adds PX with the default TTL.
void hiredisNoExpiry(redisContext *c, const char *name, const char *token) {
  redisCommand(c, "SET lock:%s %s NX", name, token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:{name}' is taken with 'SET ... NX' but no expiry: if its holder dies, the lock is never released [distlock-redis-set-without-expiry]
  // CHECK-FIXES: redisCommand(c, "SET lock:%s %s NX PX 30000", name, token);
  redisCommand(c, "set %s %s nx", "lock:orders", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:orders' is taken with 'SET ... NX' but no expiry
  // CHECK-FIXES: redisCommand(c, "set %s %s nx PX 30000", "lock:orders", token);
}

// A plain SET of a lock key has no expiry either.
void plainSet(redisContext *c, sw::redis::Redis &redis, const char *token) {
  redisCommand(c, "SET lock:plain %s", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:plain' is taken with 'SET' but no expiry: if its holder dies, the lock is never released [distlock-redis-set-without-expiry]
  // CHECK-FIXES: redisCommand(c, "SET lock:plain %s PX 30000", token);
  redis.set("lock:plain", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:plain' is taken with 'SET' but no expiry
  // CHECK-FIXES: redis.set("lock:plain", token, std::chrono::milliseconds(30000));
}

void redisPlusPlus(sw::redis::Redis &redis, const std::string &token) {
  redis.set("lock:a", token, std::chrono::milliseconds(0), sw::redis::UpdateType::NOT_EXIST);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:a' is taken with 'SET ... NX' but no expiry
  // CHECK-FIXES: redis.set("lock:a", token, std::chrono::milliseconds(30000), sw::redis::UpdateType::NOT_EXIST);
  redis.set("lock:b", token, 0ms, sw::redis::UpdateType::NOT_EXIST);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:b' is taken with 'SET ... NX' but no expiry
  // CHECK-FIXES: redis.set("lock:b", token, std::chrono::milliseconds(30000), sw::redis::UpdateType::NOT_EXIST);
}

void cppRedis(cpp_redis::client &client, const std::string &token) {
  client.set_advanced("lock:a", token, false, 0, false, 0, true);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:a' is taken with 'SET ... NX' but no expiry
  // CHECK-FIXES: client.set_advanced("lock:a", token, false, 0, true, 30000, true);
}

// POCO's set() sends an expireTime as a RESP integer, which Redis refuses by
// closing the connection: no fix passes one (see e2e/poco-lock-fixes.test).
void poco(const std::string &token) {
  Poco::Redis::Command::set("lock:a", token, false);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:a' is taken with 'SET ... NX' but no expiry
  // CHECK-FIXES: Poco::Redis::Command::set("lock:a", token, false);
}

// SETNX cannot carry an expiry.
void setnxAlone(redisContext *c, sw::redis::Redis &redis, cpp_redis::client &client,
                const char *token) {
  redisCommand(c, "SETNX lock:reports %s", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:reports' is taken with 'SETNX', which cannot set an expiry: if its holder dies, the lock is never released [distlock-redis-set-without-expiry]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: acquire with 'SET <key> <token> NX PX <milliseconds>' instead
  redis.setnx("lock:jobs", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:jobs' is taken with 'SETNX', which cannot set an expiry
  client.setnx("lock:mail", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:mail' is taken with 'SETNX', which cannot set an expiry
}

// SETNX then EXPIRE: a crash in between leaves a lock that never expires.
void setnxThenExpire(redisContext *c, sw::redis::Redis &redis, const char *token) {
  redisCommand(c, "SETNX lock:billing %s", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:billing' is taken with 'SETNX' and given its expiry by a separate 'EXPIRE': a crash between the two calls leaves the lock without expiry [distlock-redis-set-without-expiry]
  redisCommand(c, "EXPIRE lock:billing 30");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: expiry set here
  if (redis.setnx("lock:import", token))
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: lock 'lock:import' is taken with 'SETNX' and given its expiry by a separate 'PEXPIRE'
    redis.pexpire("lock:import", 30000);
}

// A script that only does SETNX is no better.
void scriptSetnx(redisContext *c, const char *token) {
  redisCommand(c, "EVAL %s 1 %s %s", "return redis.call('setnx', KEYS[1], ARGV[1])",
               "lock:script", token);
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: lock 'lock:script' is taken with 'SETNX', which cannot set an expiry
}

// A helper named for locking: its key is a lock whatever it is called.
bool tryLock(sw::redis::Redis &redis, const std::string &key, const std::string &token) {
  return redis.set(key, token, std::chrono::milliseconds(0), sw::redis::UpdateType::NOT_EXIST);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: lock 'key' is taken with 'SET ... NX' but no expiry
  // CHECK-FIXES: return redis.set(key, token, std::chrono::milliseconds(30000), sw::redis::UpdateType::NOT_EXIST);
}

// Templates, macros and calls over several lines.
template <typename Client> void inTemplate(redisContext *c, Client &, const char *token) {
  redisCommand(c, "SET lock:tmpl %s NX", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:tmpl' is taken with 'SET ... NX' but no expiry
  // CHECK-FIXES: redisCommand(c, "SET lock:tmpl %s NX PX 30000", token);
}
template void inTemplate<int>(redisContext *, int &, const char *);

#define ACQUIRE(ctx, key, token) redisCommand(ctx, "SET %s %s NX", key, token)
// The bytes 0x01 and 0x02 mark run-time pieces while a format is split
// into words: in a format's own text they are read as text, not as a reason
// to skip the command.
void controlBytes(redisContext *c, const char *token) {
  redisCommand(c, "SET lock:\x01%s %s NX", "ctl", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:<U+0001>ctl' is taken with 'SET ... NX' but no expiry
  redisCommand(c, "SET lock:bytes\x02 \x02\x01%s NX", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:bytes<U+0002>' is taken with 'SET ... NX' but no expiry
}

void inMacro(redisContext *c, const char *token) {
  ACQUIRE(c, "lock:macro", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:macro' is taken with 'SET ... NX' but no expiry
}

void multiLine(sw::redis::Redis &redis, const std::string &token) {
  redis.set("lock:multi",
            token,
            std::chrono::milliseconds(0),
            sw::redis::UpdateType::NOT_EXIST);
  // CHECK-MESSAGES: :[[@LINE-4]]:3: warning: lock 'lock:multi' is taken with 'SET ... NX' but no expiry
  // CHECK-FIXES: std::chrono::milliseconds(30000),
}

// Negatives: acquires with an expiry, data that is not a lock, atomic scripts.
void negatives(redisContext *c, sw::redis::Redis &redis, cpp_redis::client &client,
               const char *token, std::chrono::milliseconds ttl, int seconds) {
  redisCommand(c, "SET lock:a %s NX PX 30000", token);
  redisCommand(c, "SET lock:a %s EX %d NX", token, seconds);
  redisCommand(c, "SET lock:a %s NX EXAT 1900000000", token);
  redisCommand(c, "SET lock:a %s PXAT %d NX", token, seconds);
  redis.set("lock:b", token, ttl, sw::redis::UpdateType::NOT_EXIST);
  redis.set("lock:b", token, 30s, sw::redis::UpdateType::NOT_EXIST);
  client.set_advanced("lock:c", token, true, seconds, false, 0, true);
  Poco::Redis::Command::set("lock:d", token, false, Poco::Timespan(30, 0));
  // Create-once records are not locks.
  redisCommand(c, "SETNX user:42:created %s", token);
  redis.setnx("invoice:7:number", token);
  redisCommand(c, "SET order:%s %s NX", "9", token);
  redisCommand(c, "SET lock:kept %s KEEPTTL", token);
  redisCommand(c, "SET lock:mode %s NX %s", token, std::getenv("LOCK_EXPIRY"));
  redisCommand(c, "SET lock:refresh %s XX", token);
  redis.setex("lock:ex", 30, token);
  // SETNX and PEXPIRE in one script run atomically.
  redisCommand(c, "EVAL %s 1 %s %s",
               "if redis.call('setnx', KEYS[1], ARGV[1]) == 1 then "
               "redis.call('pexpire', KEYS[1], 30000) return 1 end return 0",
               "lock:atomic", token);
}
