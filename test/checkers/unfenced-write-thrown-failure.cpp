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
