// RUN: %check_distlock %s distlock-unfenced-write %t -- -std=c++17 -isystem %stubs

// A lock class whose constructor takes the lock, handed out by a factory
// function: the object the factory returns holds the lock for its life,
// as one built in place does.

#include <hiredis/hiredis.h>
#include <string>

class LeaseLock {
public:
  LeaseLock() = default;
  LeaseLock(redisContext *c, const std::string &key, const std::string &token) : c_(c), key_(key) {
    auto *reply = static_cast<redisReply *>(
        redisCommand(c_, "SET %s %s NX PX 30000", key_.c_str(), token.c_str()));
    held_ = reply && reply->type == REDIS_REPLY_STATUS;
    freeReplyObject(reply);
  }

private:
  redisContext *c_ = nullptr;
  std::string key_;
  bool held_ = false;
};

class Locks {
public:
  explicit Locks(redisContext *c) : c_(c) {}
  LeaseLock scoped(const std::string &key, const std::string &token) {
    return LeaseLock(c_, key, token);
  }
  // Sometimes hands out a lock that holds nothing.
  LeaseLock scopedIf(bool wanted, const std::string &key, const std::string &token) {
    if (!wanted)
      return LeaseLock();
    return LeaseLock(c_, key, token);
  }

private:
  redisContext *c_;
};

void rebuildIndex(Locks &locks, redisContext *c, const std::string &token) {
  auto held = locks.scoped("lock:index", token);
  freeReplyObject(redisCommand(c, "SET index:built %d", 1));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: write to Redis key 'index:built' in the scope of lock 'key_' has no fencing predicate; a holder whose lock expired during a pause can still overwrite newer data [distlock-unfenced-write]
  // CHECK-MESSAGES: :[[@LINE-3]]:8: note: lock acquired here, with a TTL of 30000 ms
  // CHECK-MESSAGES: :[[@LINE-3]]:19: note: write through a Lua script that first compares a fencing token taken with 'INCR fence:<name>' after the acquire
}

// Not every return of the factory takes the lock: nothing is said.
void maybeRebuild(Locks &locks, redisContext *c, const std::string &token, bool wanted) {
  auto held = locks.scopedIf(wanted, "lock:index", token);
  freeReplyObject(redisCommand(c, "SET index:built %d", 2));
}

// A copy of the factory's result made elsewhere is not a new lock.
void rebuildFrom(LeaseLock &&held, redisContext *c) {
  freeReplyObject(redisCommand(c, "SET index:built %d", 3));
}
