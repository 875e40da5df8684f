// RUN: %check_distlock %s distlock-redis-constant-token %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-redis-constant-token %t-plugin -- -std=c++17 -isystem %stubs

#include <Poco/Redis/Command.h>
#include <cpp_redis/cpp_redis>
#include <hiredis/hiredis.h>
#include <sw/redis++/redis++.h>
#include <chrono>
#include <cstring>
#include <string>

std::string newToken();

// A literal value: every process writes "1".
void literalValues(redisContext *c, sw::redis::Redis &redis, cpp_redis::client &client) {
  redisCommand(c, "SET lock:orders 1 NX PX 30000");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:orders' is taken with the constant value '1': every holder writes the same value, so a release cannot tell its own lock from another process's [distlock-redis-constant-token]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: write a value unique to this acquisition, such as a random 128-bit token, and compare it when releasing
  redisCommand(c, "SET lock:%s %s NX PX %d", "jobs", "locked", 30000);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:jobs' is taken with the constant value 'locked'
  redis.set("lock:a", "1", std::chrono::seconds(10), sw::redis::UpdateType::NOT_EXIST);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:a' is taken with the constant value '1'
  redis.setnx("lock:b", "taken");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:b' is taken with the constant value 'taken'
  client.set_advanced("lock:c", "1", true, 10, false, 0, true);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:c' is taken with the constant value '1'
  Poco::Redis::Command::set("lock:d", "1", false, Poco::Timespan(10, 0));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:d' is taken with the constant value '1'
  redisCommand(c, "SET lock:n %d NX EX 5", 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:n' is taken with the constant value '1'
  // Without NX the lock is overwritten too (distlock-redis-set-without-nx),
  // and still with a value that cannot tell holders apart.
  redisCommand(c, "SET lock:e 1 PX 30000");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:e' is taken with the constant value '1'
  redis.setex("lock:f", 30, "1");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:f' is taken with the constant value '1'
}

// Constants are followed to their value.
constexpr const char kOwner[] = "worker";
const std::string kHolder = "me";
#define LOCK_VALUE "held"
void namedConstants(redisContext *c, sw::redis::Redis &redis) {
  redisCommand(c, "SET lock:x %s NX PX 1000", kOwner);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:x' is taken with the constant value 'worker'
  redis.set("lock:y", kHolder, std::chrono::seconds(1), sw::redis::UpdateType::NOT_EXIST);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:y' is taken with the constant value 'me'
  redisCommand(c, "SET lock:z " LOCK_VALUE " NX PX 1000");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:z' is taken with the constant value 'held'
}

// A value computed only from the key is the same for every acquirer.
void derivedFromKey(sw::redis::Redis &redis, const std::string &lockKey) {
  redis.set(lockKey, lockKey, std::chrono::seconds(5), sw::redis::UpdateType::NOT_EXIST);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lockKey' is taken with the constant value 'lockKey'
  redis.set(lockKey, lockKey + ":owner", std::chrono::seconds(5),
            sw::redis::UpdateType::NOT_EXIST);
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: lock 'lockKey' is taken with the constant value '{lockKey}:owner'
}

// A helper named for locking: its key is a lock whatever it is called.
bool tryLockNamed(redisContext *c, const char *name) {
  return redisCommand(c, "SET %s locked NX EX 30", name) != nullptr;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: lock 'name' is taken with the constant value 'locked'
}

// In a template and a lambda.
template <typename T> void inTemplate(sw::redis::Redis &redis, T) {
  redis.setnx("lock:tmpl", "1");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:tmpl' is taken with the constant value '1'
}
template void inTemplate<char>(sw::redis::Redis &, char);

void inLambda(redisContext *c) {
  auto take = [c] { return redisCommand(c, "SET lock:l 1 NX EX 5"); };
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: lock 'lock:l' is taken with the constant value '1'
  take();
}

// Negatives: unique tokens, parameters of unknown origin, non-lock keys,
// and writes that are not acquires.
void negatives(redisContext *c, sw::redis::Redis &redis, const char *token,
               const std::string &owner) {
  std::string unique = newToken();
  redisCommand(c, "SET lock:a %s NX PX 30000", unique.c_str());
  redisCommand(c, "SET lock:b %s NX PX 30000", token);
  redis.set("lock:c", owner, std::chrono::seconds(5), sw::redis::UpdateType::NOT_EXIST);
  redis.set("lock:d", newToken(), std::chrono::seconds(5), sw::redis::UpdateType::NOT_EXIST);
  redisCommand(c, "SET feature:flag 1 NX");
  redisCommand(c, "SETNX visits:today 0");
  redisCommand(c, "SET lock:e %s XX PX 30000", "1"); // A refresh, not a take.
}

// %b sends the first <length> bytes at its pointer: a literal with its own
// length, or with strlen of itself, is as constant as one written inline.
void binaryValues(redisContext *c, const char *key) {
  redisCommand(c, "SET lock:f %b NX PX 100", "1", (size_t)1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:f' is taken with the constant value '1'
  redisCommand(c, "SET %b %b NX PX 100", key, strlen(key), "x", strlen("x"));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'key' is taken with the constant value 'x'
  // A length that cannot be known leaves the value unknown.
  redisCommand(c, "SET lock:g %b NX PX 100", "xyz", strlen(key));
}

// A marker the first caller gets (`SET sent:42 1 NX EX`), which nothing
// deletes or renews, holds a value nobody compares: silent. Once the code
// deletes it as a release, the value must tell holders apart.
bool firstDelivery(redisContext *c, const char *id) {
  auto *r = static_cast<redisReply *>(redisCommand(c, "SET delivered:%s 1 NX EX 86400", id));
  bool first = r && r->type == REDIS_REPLY_STATUS;
  freeReplyObject(r);
  return first;
}

bool claimExport(redisContext *c, const char *id) {
  auto *r = static_cast<redisReply *>(redisCommand(c, "SET exporting:%s 1 NX EX 600", id));
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: lock 'exporting:{id}' is taken with the constant value '1'
  bool first = r && r->type == REDIS_REPLY_STATUS;
  freeReplyObject(r);
  return first;
}

void finishExport(redisContext *c, const char *id) {
  redisCommand(c, "DEL exporting:%s", id);
}
