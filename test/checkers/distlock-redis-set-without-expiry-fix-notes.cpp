// SETNX followed by EXPIRE becomes one SET ... NX PX, in the call's own client
// API, on a note: the take's reply changes kind (a status or nil instead of
// 1 or 0), so plain --fix leaves the file unchanged and --fix-notes applies it.
// RUN: %check_distlock %s distlock-redis-set-without-expiry %t --fixes-prefix=CHECK-UNCHANGED -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --fix-notes %s distlock-redis-set-without-expiry %t-notes -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin --fix-notes %s distlock-redis-set-without-expiry %t-plugin -- -std=c++17 -isystem %stubs

#include <cpp_redis/cpp_redis>
#include <hiredis/hiredis.h>
#include <sw/redis++/redis++.h>
#include <chrono>
#include <string>

void rebuild();

// hiredis: the format's command word changes and the expiry joins it; the
// EXPIRE statement goes, its line with it.
void hiredisTake(redisContext *c, const char *job, const char *token) {
  redisReply *r = (redisReply *)redisCommand(c, "SETNX lock:%s %s", job, token);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: lock 'lock:{job}' is taken with 'SETNX' and given its expiry by a separate 'EXPIRE'
  // CHECK-FIXES: redisReply *r = (redisReply *)redisCommand(c, "SET lock:%s %s NX PX 60000", job, token);
  freeReplyObject(r);
  redisCommand(c, "EXPIRE lock:%s 60", job);
  rebuild();
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: expiry set here
  // CHECK-MESSAGES: :[[@LINE-7]]:33: note: take the lock and set its expiry in one 'SET ... NX PX'
  // CHECK-FIXES: {{^}}  freeReplyObject(r);{{$}}
  // CHECK-FIXES-NEXT: {{^}}  rebuild();{{$}}
}

// redis-plus-plus: setnx and set both answer whether the key was set.
void plusPlusTake(sw::redis::Redis &redis, const std::string &token) {
  if (!redis.setnx("lock:invoices", token))
    // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: lock 'lock:invoices' is taken with 'SETNX' and given its expiry by a separate 'PEXPIRE'
    // CHECK-FIXES: if (!redis.set("lock:invoices", token, std::chrono::milliseconds(45000), sw::redis::UpdateType::NOT_EXIST))
    return;
  redis.pexpire("lock:invoices", 45000);
  rebuild();
  // CHECK-FIXES: {{^}}    return;{{$}}
  // CHECK-FIXES-NEXT: {{^}}  rebuild();{{$}}
}

// cpp_redis, with a callback: set_advanced takes it after the expiry flags.
void cppRedisTake(cpp_redis::client &client, const std::string &token) {
  client.setnx("lock:mail", token, [](cpp_redis::reply &) {});
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:mail' is taken with 'SETNX' and given its expiry by a separate 'EXPIRE'
  // CHECK-FIXES: client.set_advanced("lock:mail", token, false, 0, true, 20000, true, false, [](cpp_redis::reply &) {});
  client.expire("lock:mail", 20);
  rebuild();
}

// A TTL from a constant expression is read; the EXPIRE whose reply is kept
// stays (it renews the expiry just set, which is harmless).
constexpr int kTtlSeconds = 90;
void keptReply(redisContext *c, const char *token) {
  redisCommand(c, "SETNX lock:audit %s", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:audit' is taken with 'SETNX' and given its expiry by a separate 'EXPIRE'
  // CHECK-FIXES: redisCommand(c, "SET lock:audit %s NX PX 90000", token);
  redisReply *e = (redisReply *)redisCommand(c, "EXPIRE lock:audit %d", kTtlSeconds);
  // CHECK-FIXES: redisReply *e = (redisReply *)redisCommand(c, "EXPIRE lock:audit %d", kTtlSeconds);
  freeReplyObject(e);
}

// No fix where the TTL is known only at run time, or is a point in time.
void noFix(redisContext *c, const char *token, int ttl, long when) {
  redisCommand(c, "SETNX lock:runtime %s", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:runtime' is taken with 'SETNX' and given its expiry by a separate 'EXPIRE'
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: acquire with 'SET <key> <token> NX PX <milliseconds>' instead
  // CHECK-FIXES: redisCommand(c, "SETNX lock:runtime %s", token);
  redisCommand(c, "EXPIRE lock:runtime %d", ttl);
  // CHECK-FIXES: redisCommand(c, "EXPIRE lock:runtime %d", ttl);
  redisCommand(c, "SETNX lock:until %s", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:until' is taken with 'SETNX'
  // CHECK-FIXES: redisCommand(c, "SETNX lock:until %s", token);
  redisCommand(c, "EXPIREAT lock:until %ld", when);
}

// Code that reads the integer SETNX answers would read 0 from SET's status
// reply and never see its lock: no fix, the note says what to write.
bool integerRead(redisContext *c, const char *token) {
  redisReply *r = (redisReply *)redisCommand(c, "SETNX lock:count %s", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: lock 'lock:count' is taken with 'SETNX' and given its expiry by a separate 'EXPIRE'
  // CHECK-MESSAGES: :[[@LINE-2]]:33: note: acquire with 'SET <key> <token> NX PX <milliseconds>' instead
  // CHECK-FIXES: redisReply *r = (redisReply *)redisCommand(c, "SETNX lock:count %s", token);
  bool took = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  freeReplyObject(r);
  if (took)
    redisCommand(c, "EXPIRE lock:count 30");
  // CHECK-FIXES: redisCommand(c, "EXPIRE lock:count 30");
  return took;
}
