// RUN: %check_distlock %s distlock-acquire-unchecked,distlock-unfenced-write %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked,distlock-unfenced-write %t-plugin -- -std=c++17 -isystem %stubs

// A function that takes the lock, does its work and lets the lock go
// before it returns is the critical section itself: what it answers says
// whether the work was done, and its callers hold nothing after it. A
// function that returns still holding the lock is a take.

#include <hiredis/hiredis.h>

const char *ReleaseScript =
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

bool renderThumbnails(redisContext *c, const char *id, const char *token) {
  auto *r = static_cast<redisReply *>(
      redisCommand(c, "SET lock:render:%s %s NX PX 30000", id, token));
  bool held = r && r->type == REDIS_REPLY_STATUS;
  if (r)
    freeReplyObject(r);
  if (!held)
    return false;
  redisCommand(c, "HSET asset:%s thumbs ready", id);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to Redis key 'asset:{id}' in the scope of lock 'lock:render:{id}' has no fencing predicate
  redisCommand(c, "EVAL %s 1 lock:render:%s %s", ReleaseScript, id, token);
  return true;
}

bool takeRender(redisContext *c, const char *id, const char *token) {
  auto *r = static_cast<redisReply *>(
      redisCommand(c, "SET lock:render:%s %s NX PX 30000", id, token));
  bool held = r && r->type == REDIS_REPLY_STATUS;
  if (r)
    freeReplyObject(r);
  return held;
}

void publish(redisContext *c, const char *id);

void nightly(redisContext *c, const char *token) {
  // Whether the thumbnails were made does not matter here: silent.
  renderThumbnails(c, "a", token);
  // The take's answer dropped: the work runs without the lock.
  takeRender(c, "b", token);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'SET ... NX' is never checked: the code after it runs whether or not this process got lock 'lock:render:b' [distlock-acquire-unchecked]
  publish(c, "b");
  redisCommand(c, "EVAL %s 1 lock:render:b %s", ReleaseScript, token);
}
