// RUN: %check_distlock %s distlock-acquire-unchecked,distlock-unfenced-write,distlock-inconsistent-lock-order,distlock-redis-constant-token,distlock-redis-unchecked-release %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked,distlock-unfenced-write,distlock-inconsistent-lock-order,distlock-redis-constant-token,distlock-redis-unchecked-release %t-plugin -- -std=c++17 -isystem %stubs

// An RAII guard takes its lock in its constructor and lets it go in its
// destructor: the declaration is the acquire, and the lock is the one the
// construction's arguments name. A constructor that can end without the
// lock leaves the question to the object.

#include <hiredis/hiredis.h>
#include <string>

// A random token per holder, and a release that deletes only its own.
std::string newToken();
static const char *const kRelease =
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

class ShardGuard {
public:
  ShardGuard(redisContext *c, const std::string &key, int ttlMs)
      : c_(c), key_(key), token_(newToken()) {
    auto *r = static_cast<redisReply *>(
        redisCommand(c_, "SET %s %s NX PX %d", key_.c_str(), token_.c_str(), ttlMs));
    if (!r)
      return;
    owned_ = r->type == REDIS_REPLY_STATUS;
    freeReplyObject(r);
  }
  ~ShardGuard() {
    if (owned_)
      freeReplyObject(redisCommand(c_, "EVAL %s 1 %s %s", kRelease, key_.c_str(), token_.c_str()));
  }
  bool owned() const { return owned_; }
  explicit operator bool() const { return owned_; }

private:
  redisContext *c_;
  std::string key_;
  std::string token_;
  bool owned_ = false;
};

// Waits until it holds the lock: there is nothing to ask.
class BlockingGuard {
public:
  BlockingGuard(redisContext *c, const std::string &key) : c_(c), key_(key), token_(newToken()) {
    while (true) {
      auto *r = static_cast<redisReply *>(
          redisCommand(c_, "SET %s %s NX PX %d", key_.c_str(), token_.c_str(), 5000));
      bool got = r && r->type == REDIS_REPLY_STATUS;
      freeReplyObject(r);
      if (got)
        break;
    }
  }
  ~BlockingGuard() {
    freeReplyObject(redisCommand(c_, "EVAL %s 1 %s %s", kRelease, key_.c_str(), token_.c_str()));
  }

private:
  redisContext *c_;
  std::string key_;
  std::string token_;
};

void trim(redisContext *c, const std::string &shard) {
  ShardGuard guard(c, "shard:lock:" + shard, 30000);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'guard' is never asked whether its constructor took lock 'shard:lock:{shard}': the code after it runs whether or not this process got it [distlock-acquire-unchecked]
  freeReplyObject(redisCommand(c, "LTRIM shard:%s 0 99", shard.c_str()));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: write to Redis key 'shard:{shard}' in the scope of lock 'shard:lock:{shard}' has no fencing predicate
  // CHECK-MESSAGES: :[[@LINE-4]]:14: note: lock acquired here, with a TTL of 30000 ms
}

// Asked through its conversion to bool: only the unfenced write.
void append(redisContext *c, const std::string &shard) {
  ShardGuard guard(c, "shard:lock:" + shard, 30000);
  if (!guard)
    return;
  freeReplyObject(redisCommand(c, "RPUSH shard:%s x", shard.c_str()));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: write to Redis key 'shard:{shard}' in the scope of lock 'shard:lock:{shard}' has no fencing predicate
  // CHECK-MESSAGES: :[[@LINE-5]]:14: note: lock acquired here, with a TTL of 30000 ms
}

// A guard that returns only holding its lock is never asked, rightly. Its
// scope ends with its block: the write after the block is outside it.
void rebuild(redisContext *c) {
  {
    BlockingGuard guard(c, "index:lock");
    freeReplyObject(redisCommand(c, "INCR index:lock:fence"));
  }
  freeReplyObject(redisCommand(c, "SET index:built 1"));
}

// A guard that nothing follows: no work is done without the lock.
void probe(redisContext *c) { ShardGuard guard(c, "shard:lock:probe", 1000); }

// Two guards, one order here and the other below: the first of the two
// functions reports the pair, with both orders in its notes.
void moveIn(redisContext *c, const std::string &id) {
  ShardGuard from(c, "from:lock:" + id, 10000);
  if (!from.owned())
    return;
  ShardGuard to(c, "to:lock:" + id, 10000);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: locks 'from:lock:{id}' and 'to:lock:{id}' are taken in this order here and in the other order elsewhere
  // CHECK-MESSAGES: :[[@LINE-5]]:14: note: 'from:lock:{id}' is taken first here
  // CHECK-MESSAGES: :[[@LINE+7]]:14: note: 'to:lock:{id}' is taken first here
  // CHECK-MESSAGES: :[[@LINE+9]]:14: note: then 'from:lock:{id}' while it is held
  if (!to.owned())
    return;
}

void moveOut(redisContext *c, const std::string &id) {
  ShardGuard to(c, "to:lock:" + id, 10000);
  if (!to.owned())
    return;
  ShardGuard from(c, "from:lock:" + id, 10000);
  if (!from.owned())
    return;
}
