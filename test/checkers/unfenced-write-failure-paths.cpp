// RUN: %check_distlock %s distlock-unfenced-write %t -- -std=c++17 -isystem %stubs

// A game server's shape: a lock per record ("lock" + key), taken through a
// wrapper; each step that fails gives the lock up and returns. Such a
// release ends the scope on its own branch only.

#include <hiredis/hiredis.h>
#include <string>

enum Result { OK, LOCK_FAILED, FAIL };

class Records {
public:
  explicit Records(redisContext *c) : Ctx(c) {}

  bool Lock(const std::string &key) {
    redisReply *r = (redisReply *)redisCommand(Ctx, "SET lock%s owner NX PX 3000", key.c_str());
    bool ok = r && r->type == REDIS_REPLY_STATUS;
    freeReplyObject(r);
    return ok;
  }
  void Unlock(const std::string &key) { redisCommand(Ctx, "DEL lock%s", key.c_str()); }
  bool SetXx(const std::string &key, const char *value) {
    redisReply *r = (redisReply *)redisCommand(Ctx, "SET %s %s XX", key.c_str(), value);
    bool ok = r && r->type == REDIS_REPLY_STATUS;
    freeReplyObject(r);
    return ok;
  }

  Result Move(const std::string &key, const char *from, const char *to) {
    if (!Lock(key))
      return LOCK_FAILED;
    redisCommand(Ctx, "HSET moves %s 1", key.c_str());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: write to Redis key 'moves' in the scope of lock 'lock{key}' has no fencing predicate
    if (!SetXx(key, from)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: write to Redis key 'key' in the scope of lock 'lock{key}' has no fencing predicate
      // The failure path: the lock is given up, and what is written here
      // undoes the holder's own step.
      SetXx(key, "restored");
      Unlock(key);
      return FAIL;
    }
    if (!SetXx(key, to)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: write to Redis key 'key' in the scope of lock 'lock{key}' has no fencing predicate
      Unlock(key);
      return FAIL;
    }
    // Past a failure path, only the record the lock is made from is sure to
    // be the lock's: this counter is not reported here.
    redisCommand(Ctx, "HSET moves:done %s 1", key.c_str());
    Unlock(key);
    // After the release on the main path, nothing is held.
    SetXx(key, "after");
    return OK;
  }

private:
  redisContext *Ctx;
};
