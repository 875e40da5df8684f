// RUN: %check_distlock %s distlock-unfenced-write %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-unfenced-write %t-plugin -- -std=c++17 -isystem %stubs

// Locks in the shape game and shop servers write them: a store class whose
// helpers wrap hiredis, a lock per record named from a parameter, released
// through a compare-and-delete script.

#include <hiredis/hiredis.h>
#include <string>

enum class Status { Ok, LockFailed, Fail };

class Store {
public:
  Status addGold(int player, int amount);
  Status trade(int seller, int buyer);
  Status rename(int player, const std::string &name);

private:
  bool lock(const std::string &name) {
    auto *reply = static_cast<redisReply *>(
        redisCommand(ctx_, "SET lock:%s %s NX PX 10000", name.c_str(), token_.c_str()));
    return reply && reply->type == REDIS_REPLY_STATUS;
  }
  void unlock(const std::string &name) {
    redisCommand(ctx_, "EVAL %s 1 lock:%s %s",
                 "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end",
                 name.c_str(), token_.c_str());
  }
  bool read(const std::string &key, std::string &out);
  bool replace(const std::string &key, const std::string &value) {
    return redisCommand(ctx_, "SET %s %s XX", key.c_str(), value.c_str()) != nullptr;
  }

  redisContext *ctx_ = nullptr;
  std::string token_;
};

// The write before the release is in the scope; the release helper's
// script ends it.
Status Store::addGold(int player, int amount) {
  std::string key = "gold:" + std::to_string(player);
  if (!lock(key))
    return Status::LockFailed;
  replace(key, std::to_string(amount));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to Redis key 'gold:{std::to_string(player)}' in the scope of lock 'lock:gold:{std::to_string(player)}' has no fencing predicate; a holder whose lock expired during a pause can still overwrite newer data [distlock-unfenced-write]
  unlock(key);
  replace("audit:last", key);
  return Status::Ok;
}

// Two records locked one inside the other: the second acquire and its
// release are lock work, not writes of the data; the two writes are, each
// reported once, under the lock made from its own key when it holds there.
// The release of the outer lock on the inner lock's failure branch, which
// returns, ends the outer scope on that branch only: each write is named
// under its own lock.
Status Store::trade(int seller, int buyer) {
  std::string from = "inventory:" + std::to_string(seller);
  std::string to = "inventory:" + std::to_string(buyer);
  if (!lock(from))
    return Status::LockFailed;
  if (!lock(to)) {
    unlock(from);
    return Status::LockFailed;
  }
  replace(from, "");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to Redis key 'inventory:{std::to_string(seller)}' in the scope of lock 'lock:inventory:{std::to_string(seller)}' has no fencing predicate
  replace(to, "sword");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: write to Redis key 'inventory:{std::to_string(buyer)}' in the scope of lock 'lock:inventory:{std::to_string(buyer)}' has no fencing predicate
  unlock(to);
  unlock(from);
  return Status::Ok;
}

// A release on the path that reaches the write: nothing holds the lock there.
Status Store::rename(int player, const std::string &name) {
  std::string key = "profile:" + std::to_string(player);
  if (!lock(key))
    return Status::LockFailed;
  bool taken = name.empty();
  unlock(key);
  if (taken)
    return Status::Fail;
  replace(key, name);
  return Status::Ok;
}
