// RUN: %check_distlock %s distlock-unfenced-write %t -- -std=c++17 -isystem %stubs

// A failed acquire that throws an exception object leaves the function as
// a return does: the lock is held after the test, and the writes there
// are in its scope.

#include <hiredis/hiredis.h>
#include <stdexcept>
#include <string>

class Ledger {
public:
  explicit Ledger(redisContext *c) : Ctx(c) {}

  bool lock(const std::string &account) {
    redisReply *r =
        (redisReply *)redisCommand(Ctx, "SET lock:%s owner-7 NX PX 5000", account.c_str());
    bool ok = r && r->type == REDIS_REPLY_STATUS;
    freeReplyObject(r);
    return ok;
  }

  void credit(const std::string &account, long amount) {
    if (!lock(account)) {
      throw std::runtime_error("account " + account + " is busy");
    }
    redisCommand(Ctx, "HSET balance %s %ld", account.c_str(), amount);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: write to Redis key 'balance' in the scope of lock 'lock:{account}' has no fencing predicate
  }

  // Not taken: the exception leaves only on success, so nothing after the
  // test is known to hold the lock.
  void creditIfBusy(const std::string &account, long amount) {
    if (lock(account)) {
      throw std::runtime_error("expected the account to be busy");
    }
    redisCommand(Ctx, "HSET pending %s %ld", account.c_str(), amount);
  }

private:
  redisContext *Ctx;
};

// The lock in a class of its own, the key in a member, the outcome kept in
// a variable: the throw on failure ends the path all the same.
class AccountLock {
public:
  AccountLock(redisContext *c, const std::string &account) : Ctx(c), Key("lock:" + account) {}
  bool tryLock() {
    redisReply *r = (redisReply *)redisCommand(Ctx, "SET %s owner-9 NX PX 5000", Key.c_str());
    bool ok = r && r->type == REDIS_REPLY_STATUS;
    freeReplyObject(r);
    return ok;
  }

private:
  redisContext *Ctx;
  std::string Key;
};

void debit(redisContext *c, const std::string &account, long amount) {
  AccountLock lock(c, account);
  bool held = lock.tryLock();
  if (!held)
    throw std::runtime_error("account " + account + " is busy");
  redisCommand(c, "HSET balance %s %ld", account.c_str(), -amount);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to Redis key 'balance' in the scope of lock 'lock:{account}' has no fencing predicate
}
