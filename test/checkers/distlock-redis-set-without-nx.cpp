// RUN: %check_distlock %s distlock-redis-set-without-nx %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-redis-set-without-nx %t-plugin -- -std=c++17 -isystem %stubs

#include <Poco/Redis/Command.h>
#include <cpp_redis/cpp_redis>
#include <hiredis/async.h>
#include <hiredis/hiredis.h>
#include <sw/redis++/redis++.h>
#include <vendor/locks.h>
#include <chrono>
#include <string>

using namespace std::chrono_literals;

// hiredis: the lock key is spelled in the format string.
void hiredisLiteralKey(redisContext *c, const char *token) {
  redisCommand(c, "SET lock:orders %s PX 30000", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:orders' has no 'NX': it overwrites the current holder instead of acquiring the lock [distlock-redis-set-without-nx]
  // CHECK-FIXES: redisCommand(c, "SET lock:orders %s PX 30000 NX", token);
}

// Command and option names are case-insensitive; the key mixes text and a conversion.
void hiredisLowerCase(redisContext *c, const char *name, const char *token, int ttl) {
  redisCommand(c, "set lock:%s %s px %d", name, token, ttl);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:{name}' has no 'NX'
  // CHECK-FIXES: redisCommand(c, "set lock:%s %s px %d NX", name, token, ttl);
}

// Adjacent literals: the fix goes into the last one.
void hiredisAdjacent(redisContext *c, const char *name, const char *token) {
  redisCommand(c, "SET lock:%s %s "
                  "PX 30000", name, token);
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 'SET' of lock key 'lock:{name}' has no 'NX'
  // CHECK-FIXES: "PX 30000 NX", name, token);
}

// A format from a macro or a constant is followed, but not rewritten.
#define SET_JOB_LOCK "SET lock:jobs %s EX 30"
constexpr const char kSetReportLock[] = "SET lock:report %s EX 30";
void hiredisNamedFormats(redisContext *c, const char *token) {
  redisCommand(c, SET_JOB_LOCK, token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:jobs' has no 'NX'
  redisCommand(c, kSetReportLock, token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:report' has no 'NX'
}

// Asynchronous and pipelined hiredis calls, and a multi-line call.
void hiredisOtherEntryPoints(redisContext *c, redisAsyncContext *ac, const char *token) {
  redisAppendCommand(c, "SET lock:a %s EX 10", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:a' has no 'NX'
  // CHECK-FIXES: redisAppendCommand(c, "SET lock:a %s EX 10 NX", token);
  redisAsyncCommand(ac, nullptr, nullptr,
                    "SET lock:b %s EX 10",
                    token);
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: 'SET' of lock key 'lock:b' has no 'NX'
  // CHECK-FIXES: "SET lock:b %s EX 10 NX",
  const char *argv[] = {"SET", "lock:c", token, "EX", "10"};
  redisCommandArgv(c, 5, argv, nullptr);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:c' has no 'NX'
}

// redis-plus-plus: NX is UpdateType::NOT_EXIST, which needs the TTL spelled.
void redisPlusPlus(sw::redis::Redis &redis, const std::string &token) {
  redis.set("lock:orders", token, std::chrono::seconds(30));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:orders' has no 'NX'
  // CHECK-FIXES: redis.set("lock:orders", token, std::chrono::seconds(30), sw::redis::UpdateType::NOT_EXIST);
  redis.set("lock:billing", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:billing' has no 'NX'
  // CHECK-FIXES: redis.set("lock:billing", token, std::chrono::milliseconds(0), sw::redis::UpdateType::NOT_EXIST);
  redis.set("lock:audit", token, 10s, sw::redis::UpdateType::ALWAYS);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:audit' has no 'NX'
  // CHECK-FIXES: redis.set("lock:audit", token, 10s, sw::redis::UpdateType::NOT_EXIST);
  redis.command("SET", "lock:raw", token, "PX", "1000");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:raw' has no 'NX'
}

void redisCluster(sw::redis::RedisCluster &cluster, const std::string &token) {
  cluster.set("{orders}:lock", token, std::chrono::milliseconds(500));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key '{orders}:lock' has no 'NX'
  // CHECK-FIXES: cluster.set("{orders}:lock", token, std::chrono::milliseconds(500), sw::redis::UpdateType::NOT_EXIST);
}

// cpp_redis: set_advanced has an nx parameter; plain set and send do not.
void cppRedis(cpp_redis::client &client, const std::string &token) {
  client.set_advanced("lock:a", token, false, 0, true, 30000);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:a' has no 'NX'
  // CHECK-FIXES: client.set_advanced("lock:a", token, false, 0, true, 30000, true);
  client.set_advanced("lock:b", token, true, 30, false, 0, false, false);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:b' has no 'NX'
  // CHECK-FIXES: client.set_advanced("lock:b", token, true, 30, false, 0, true, false);
  client.set("lock:c", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:c' has no 'NX'
  client.send({"SET", "lock:d", token, "EX", "5"});
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:d' has no 'NX'
}

// POCO: NX is overwrite = false.
void poco(const std::string &token) {
  Poco::Redis::Command a = Poco::Redis::Command::set("lock:a", token, true, Poco::Timespan(30, 0));
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'SET' of lock key 'lock:a' has no 'NX'
  // CHECK-FIXES: Poco::Redis::Command a = Poco::Redis::Command::set("lock:a", token, false, Poco::Timespan(30, 0));
  Poco::Redis::Command b = Poco::Redis::Command::set("lock:b", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'SET' of lock key 'lock:b' has no 'NX'
  // CHECK-FIXES: Poco::Redis::Command b = Poco::Redis::Command::set("lock:b", token, false);
  Poco::Redis::Command c("SET");
  c << "lock:c" << token << "PX" << "3000";
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:c' has no 'NX'
  Poco::Redis::Array d;
  d << "SET" << "lock:d" << token;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:d' has no 'NX'
}

// A helper named for locking makes its key a lock, whatever the key's name.
bool acquireJob(redisContext *c, const char *key, const char *token) {
  return redisCommand(c, "SET %s %s PX 30000", key, token) != nullptr;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'SET' of lock key 'key' has no 'NX'
  // CHECK-FIXES: return redisCommand(c, "SET %s %s PX 30000 NX", key, token) != nullptr;
}

// The same key is acquired properly elsewhere: this SET overwrites that holder.
const char *const kNightlyKey = "jobs:nightly";
void takeNightly(redisContext *c, const char *token) {
  redisCommand(c, "SET %s %s NX PX 60000", kNightlyKey, token);
}
void forceNightly(redisContext *c, const char *token) {
  redisCommand(c, "SET %s %s PX 60000", kNightlyKey, token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'jobs:nightly' has no 'NX'
}

// SETEX and PSETEX cannot express NX at all.
void setex(sw::redis::Redis &redis, const std::string &token) {
  redis.setex("lock:export", 30, token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SETEX' of lock key 'lock:export' cannot take 'NX'
}

// Templates, lambdas and macros.
template <typename T> void inTemplate(sw::redis::Redis &redis, T) {
  redis.set("lock:tmpl", "v", std::chrono::seconds(5));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:tmpl' has no 'NX'
  // CHECK-FIXES: redis.set("lock:tmpl", "v", std::chrono::seconds(5), sw::redis::UpdateType::NOT_EXIST);
}
template void inTemplate<int>(sw::redis::Redis &, int);

void inLambda(redisContext *c, const char *token) {
  auto take = [&] { redisCommand(c, "SET lock:lambda %s EX 9", token); };
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'SET' of lock key 'lock:lambda' has no 'NX'
  // CHECK-FIXES: auto take = [&] { redisCommand(c, "SET lock:lambda %s EX 9 NX", token); };
  take();
}

#define TAKE_LOCK(ctx, key, token) redisCommand(ctx, "SET %s %s EX 9", key, token)
void inMacro(redisContext *c, const char *token) {
  TAKE_LOCK(c, "lock:macro", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:macro' has no 'NX'
}

// Negatives: the correct acquire, non-lock keys, refreshes, unknown options.
void negatives(redisContext *c, sw::redis::Redis &redis, cpp_redis::client &client,
               const char *token, bool onlyIfAbsent, sw::redis::UpdateType type) {
  redisCommand(c, "SET lock:%s %s NX PX %d", "orders", token, 30000);
  redisCommand(c, "set lock:orders %s px 30000 nx", token);
  redisCommand(c, "SET %b %b EX %d NX", "lock:x", (size_t)6, token, (size_t)8, 10);
  redisCommand(c, "SET cache:%s %s EX 60", "user", token);
  redisCommand(c, "SET blocked:user %s", token);
  redisCommand(c, "SET lock:orders %s XX PX 30000", token);
  redis.set("lock:orders", token, std::chrono::seconds(30), sw::redis::UpdateType::NOT_EXIST);
  redis.set("lock:orders", token, std::chrono::seconds(30), type);
  redis.set("session:42", token);
  client.set_advanced("lock:a", token, false, 0, true, 30000, onlyIfAbsent);
  Poco::Redis::Command::set("lock:poco", token, false, Poco::Timespan(30, 0));
  redisCommand(c, "SET lock:quiet %s", token); // NOLINT(distlock-redis-set-without-nx)
  redisCommand(c, "SET lock:loud %s", token); // NOLINT(distlock-redis-set-without-expiry)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:loud' has no 'NX'
  // CHECK-FIXES: redisCommand(c, "SET lock:loud %s NX", token); // NOLINT(distlock-redis-set-without-expiry)
  // NOLINTNEXTLINE(distlock-*)
  redisCommand(c, "SET lock:quiet %s", token);
  // NOLINTBEGIN(distlock-redis-set-without-nx)
  redisCommand(c, "SET lock:quiet %s", token);
  redis.set("lock:quiet", token);
  // NOLINTEND(distlock-redis-set-without-nx)
  // A macro from a system header: not the user's code.
  VENDOR_TAKE_LOCK(c, "lock:vendor");
}

// Where the command is built at run time, nothing is known: no finding.
void runtimeCommand(redisContext *c, const char *format, const char *token, const char *mode) {
  redisCommand(c, format, "lock:x", token);
  redisCommand(c, "SET lock:x %s %s", token, mode);
  redisCommand(c, "SET lock:x %s PX %d %s", token, 100, mode);
}
