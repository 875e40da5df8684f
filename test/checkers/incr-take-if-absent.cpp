// INCR answers 1 only to the caller that created the key: compared with 1,
// it takes the key if it is absent, as SETNX does, and it sets no expiry.
// RUN: %check_distlock %s distlock-redis-set-without-expiry %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-redis-set-without-expiry %t-plugin -- -std=c++17 -isystem %stubs

#include <hiredis/hiredis.h>
#include <sw/redis++/redis++.h>
#include <string>

/// A lock class keeps its key in a member; the outcome goes through a local.
class CounterLock {
public:
  CounterLock(sw::redis::Redis &redis, std::string name) : redis_(redis), key_("lock:" + name) {}

  bool tryLock() {
    long long taken = redis_.incr(key_);
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: lock 'lock:{name}' is taken with 'INCR' and given its expiry by a separate 'EXPIRE': a crash between the two calls leaves the lock without expiry [distlock-redis-set-without-expiry]
    if (taken != 1)
      return false;
    redis_.expire(key_, 10);
    return true;
  }

  void unlock() { redis_.del(key_); }

private:
  sw::redis::Redis &redis_;
  std::string key_;
};

// Tested on the reply's integer, with no expiry at all.
bool takeReport(redisContext *c) {
  redisReply *reply = (redisReply *)redisCommand(c, "INCR lock:report");
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: lock 'lock:report' is taken with 'INCR', which cannot set an expiry: if its holder dies, the lock is never released [distlock-redis-set-without-expiry]
  bool mine = reply && reply->integer == 1;
  freeReplyObject(reply);
  return mine;
}

// A fixed-window rate limiter has the same shape on a key that is no lock:
// silent.
bool allow(sw::redis::Redis &redis, const std::string &user) {
  long long seen = redis.incr("rate:" + user);
  if (seen == 1)
    redis.expire("rate:" + user, 60);
  return seen <= 100;
}

// A lock's counter that is not compared with 1 takes nothing: silent.
long long attempts(sw::redis::Redis &redis, const std::string &name) {
  long long tries = redis.incr("lock:" + name);
  return tries > 3 ? -1 : tries;
}
