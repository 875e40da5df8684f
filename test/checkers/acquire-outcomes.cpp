// RUN: %check_distlock %s distlock-unbounded-acquire %t -- -std=c++17 -isystem %stubs

// Acquire outcomes as services test them: the reply's status text compared
// with "OK", and a status code whose argument checks come before the lock.

#include <hiredis/hiredis.h>
#include <cstring>
#include <string>
#include <unistd.h>

// A lock class: the key and token live in members; TryLock answers true
// without a command when this object already holds the lock, and otherwise
// reads the reply's status text.
class RedisLock {
public:
  RedisLock(redisContext *c, std::string key, std::string token)
      : Ctx(c), Key(std::move(key)), Token(std::move(token)) {}

  bool TryLock() {
    if (Held)
      return true;
    redisReply *Reply = static_cast<redisReply *>(
        redisCommand(Ctx, "SET %s %s NX PX 30000", Key.c_str(), Token.c_str()));
    if (Reply == nullptr)
      return false;
    bool Ok = Reply->type == REDIS_REPLY_STATUS && strcmp(Reply->str, "OK") == 0;
    freeReplyObject(Reply);
    Held = Ok;
    return Ok;
  }

  bool TryLockOnce() {
    redisReply *Reply = static_cast<redisReply *>(
        redisCommand(Ctx, "SET %s %s NX PX 30000", Key.c_str(), Token.c_str()));
    bool Ok = Reply && !strcasecmp(Reply->str, "ok");
    freeReplyObject(Reply);
    return Ok;
  }

private:
  redisContext *Ctx;
  std::string Key, Token;
  bool Held = false;
};

void waitForReport(redisContext *c) {
  RedisLock Lock(c, "lock:report", "worker-1");
  while (!Lock.TryLock())
  // The key is the member the constructor set; how it is shown is not what
  // this test is about.
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: this loop waits for lock '{{[^']+}}' with no deadline and no limit on attempts
  // CHECK-MESSAGES: :[[@LINE-4]]:11: note: acquire attempted here
    sleep(1);
}

void waitOnce(redisContext *c) {
  RedisLock Lock(c, "lock:once", "worker-1");
  while (!Lock.TryLockOnce())
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: this loop waits for lock '{{[^']+}}' with no deadline
    usleep(1000);
}

// Bounded: the same class, retried a counted number of times.
bool reportWithRetries(redisContext *c) {
  RedisLock Lock(c, "lock:report", "worker-2");
  for (int Attempt = 0; Attempt < 5; ++Attempt) {
    if (Lock.TryLock())
      return true;
    sleep(1);
  }
  return false;
}

// The text compared with is not a status Redis answers a SET with: the
// outcome is unknown, and so is the loop.
bool sameName(redisContext *c) {
  redisReply *Reply = static_cast<redisReply *>(redisCommand(c, "SET lock:name w NX PX 3000"));
  bool Same = Reply && strcmp(Reply->str, "worker") == 0;
  freeReplyObject(Reply);
  return Same;
}
void waitOnName(redisContext *c) {
  while (!sameName(c))
    sleep(1);
}

// A status code: WRONG_PARAM is answered before the lock is taken (an
// argument check) and again while it is held, so only where the answers
// can follow the acquire says what they mean.
enum Result { SUCCESS, WRONG_PARAM, LOCK_FAILED };

Result DropItem(redisContext *c, const std::string &User, int Slot) {
  if (Slot < 0 || User.empty())
    return WRONG_PARAM;
  redisReply *Reply = static_cast<redisReply *>(
      redisCommand(c, "SET lock:%s %s NX PX 5000", User.c_str(), "owner"));
  if (Reply == nullptr || Reply->type != REDIS_REPLY_STATUS) {
    freeReplyObject(Reply);
    return LOCK_FAILED;
  }
  freeReplyObject(Reply);
  if (Slot > 40)
    return WRONG_PARAM;
  redisCommand(c, "HDEL inven:%s %d", User.c_str(), Slot);
  return SUCCESS;
}

void dropUntilDone(redisContext *c, const std::string &User) {
  Result Rc;
  while ((Rc = DropItem(c, User, 3)) == LOCK_FAILED)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: this loop waits for lock 'lock:{User}' with no deadline
    usleep(0);
}

void dropBounded(redisContext *c, const std::string &User) {
  int Tries = 0;
  while (DropItem(c, User, 3) == LOCK_FAILED && ++Tries < 10)
    usleep(100);
}

// The reply's text compared in the test that leaves the loop: only success
// ends it.
void waitByText(redisContext *c) {
  for (;;) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: this loop waits for lock 'lock:text' with no deadline
    redisReply *Reply =
        static_cast<redisReply *>(redisCommand(c, "SET lock:text worker-1 NX PX 30000"));
    if (Reply && Reply->type == REDIS_REPLY_STATUS && strcmp(Reply->str, "OK") == 0) {
      freeReplyObject(Reply);
      break;
    }
    freeReplyObject(Reply);
    usleep(1000);
  }
}

void waitByTextCounted(redisContext *c) {
  for (int Attempt = 0; Attempt < 20; ++Attempt) {
    redisReply *Reply =
        static_cast<redisReply *>(redisCommand(c, "SET lock:text worker-1 NX PX 30000"));
    if (Reply && Reply->type == REDIS_REPLY_STATUS && strcmp(Reply->str, "OK") == 0) {
      freeReplyObject(Reply);
      break;
    }
    freeReplyObject(Reply);
    usleep(1000);
  }
}
