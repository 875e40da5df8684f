// RUN: %check_distlock %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked,distlock-release-not-on-every-path %t-plugin -- -std=c++17 -isystem %stubs

// A lock class that keeps whether it holds the lock in a member: the
// acquire sets it, callers ask a getter. A caller that drops the acquire's
// answer and asks the getter has checked it.

#include <hiredis/hiredis.h>
#include <cstring>
#include <string>

void rotateKeys();
void logLine(const char *Text);

class KeyRotationLock {
public:
  explicit KeyRotationLock(redisContext *C) : Ctx(C) {}

  void tryLock() {
    redisReply *Reply = static_cast<redisReply *>(
        redisCommand(Ctx, "SET lock:rotation %s NX PX 30000", Token.c_str()));
    if (!Reply)
      return;
    Held = Reply->type == REDIS_REPLY_STATUS && strcmp(Reply->str, "OK") == 0;
    freeReplyObject(Reply);
  }

  bool isHeld() const { return Held; }

  void unlock() {
    redisReply *Reply = static_cast<redisReply *>(redisCommand(
        Ctx, "EVAL %s 1 lock:rotation %s",
        "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
        Token.c_str()));
    freeReplyObject(Reply);
    Held = false;
  }

private:
  redisContext *Ctx;
  std::string Token = "worker-7";
  bool Held = false;
};

void rotateWhenHeld(redisContext *C) {
  KeyRotationLock Lock(C);
  Lock.tryLock();
  if (!Lock.isHeld()) {
    logLine("rotation: another replica rotates");
    return;
  }
  rotateKeys();
  Lock.unlock();
}

void rotateAskingTheMember(redisContext *C) {
  KeyRotationLock Lock(C);
  Lock.tryLock();
  if (Lock.isHeld()) {
    rotateKeys();
    Lock.unlock();
  }
}

void rotateWithoutAsking(redisContext *C) {
  KeyRotationLock Lock(C);
  Lock.tryLock();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'SET ... NX' is never checked: the code after it runs whether or not this process got lock 'lock:rotation'
  rotateKeys();
  Lock.unlock();
}

void rotateAskingOnlyToLog(redisContext *C) {
  KeyRotationLock Lock(C);
  Lock.tryLock();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'SET ... NX' is tested, but 'rotateKeys' runs whether or not this process got lock 'lock:rotation'
  if (!Lock.isHeld())
    logLine("rotation: not the leader, rotating anyway");
  rotateKeys();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: here, also when it was not taken
  Lock.unlock();
}
