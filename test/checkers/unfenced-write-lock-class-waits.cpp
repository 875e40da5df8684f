// RUN: %check_distlock %s distlock-unfenced-write %t -- -std=c++17 -isystem %stubs

// A lock class as services write it: TryLock() keeps its answer in a member
// and returns it, Lock() waits until TryLock() succeeds, and callers hold it
// with std::lock_guard or call Lock() themselves. The code after the wait
// runs holding the lock.

#include <hiredis/hiredis.h>
#include <mutex>
#include <string>
#include <unistd.h>

class RedisLock {
public:
  RedisLock(redisContext *c, std::string key, std::string token)
      : c_(c), key_(std::move(key)), token_(std::move(token)) {}

  bool TryLock() {
    auto *reply = static_cast<redisReply *>(
        redisCommand(c_, "SET %s %s NX PX 10000", key_.c_str(), token_.c_str()));
    locked_ = reply && reply->type == REDIS_REPLY_STATUS;
    freeReplyObject(reply);
    return locked_;
  }
  void lock() {
    while (!TryLock())
      usleep(50000);
  }
  void unlock() {
    freeReplyObject(redisCommand(c_,
                                 "EVAL %s 1 %s %s",
                                 "if redis.call('get', KEYS[1]) == ARGV[1] then "
                                 "return redis.call('del', KEYS[1]) end return 0",
                                 key_.c_str(), token_.c_str()));
    locked_ = false;
  }

private:
  redisContext *c_;
  std::string key_, token_;
  bool locked_ = false;
};

void restock(redisContext *c, RedisLock &lock) {
  std::lock_guard<RedisLock> held(lock);
  freeReplyObject(redisCommand(c, "HSET stock:42 count %d", 7));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: write to Redis key 'stock:42' in the scope of lock 'key_' has no fencing predicate; a holder whose lock expired during a pause can still overwrite newer data [distlock-unfenced-write]
  // CHECK-MESSAGES: :[[@LINE-3]]:30: note: lock acquired here, with a TTL of 10000 ms
  // CHECK-MESSAGES: :[[@LINE-3]]:19: note: write through a Lua script{{.*}}
}

void reprice(redisContext *c, RedisLock &lock) {
  lock.lock();
  freeReplyObject(redisCommand(c, "HSET price:42 cents %d", 1999));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: write to Redis key 'price:42' in the scope of lock 'lock.key_'{{.*}}
  lock.unlock();
  // After the release: not under the lock.
  freeReplyObject(redisCommand(c, "HSET price:43 cents %d", 2999));
}

void audit(redisContext *c, RedisLock &lock) {
  while (!lock.TryLock())
    usleep(50000);
  freeReplyObject(redisCommand(c, "RPUSH audit:42 %s", "counted"));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: write to Redis key 'audit:42' in the scope of lock 'lock.key_'{{.*}}
  lock.unlock();
}

// A wait that gives up leaves the loop without the lock: nothing is said of
// the code after it.
void maybeAudit(redisContext *c, RedisLock &lock) {
  for (int tries = 0; tries < 3; ++tries) {
    if (lock.TryLock())
      break;
    usleep(50000);
  }
  freeReplyObject(redisCommand(c, "RPUSH audit:43 %s", "maybe"));
}

void auditOrGiveUp(redisContext *c, RedisLock &lock, bool (*stopping)()) {
  while (!lock.TryLock()) {
    if (stopping())
      break;
    usleep(50000);
  }
  freeReplyObject(redisCommand(c, "RPUSH audit:44 %s", "maybe"));
}

// An in-process mutex under std::lock_guard is no distributed lock.
void local(redisContext *c, std::mutex &m) {
  std::lock_guard<std::mutex> held(m);
  freeReplyObject(redisCommand(c, "RPUSH audit:45 %s", "local"));
}
