// A job runner that locks through its own helper, and a second client whose
// methods are defined in another unit.
#include <hiredis/hiredis.h>
#include <string>

class RedisClient {
public:
  bool SetNX(const std::string &Key, const std::string &Value, int TtlSeconds);
};

static redisReply *takeLock(redisContext *C, const std::string &Name, const std::string &Token) {
  return static_cast<redisReply *>(
      redisCommand(C, "SET lock:%s %s NX PX 30000", Name.c_str(), Token.c_str()));
}

void runJob(redisContext *C, const std::string &Token) {
  redisReply *Reply = takeLock(C, "nightly", Token);
  if (!Reply || Reply->type != REDIS_REPLY_STATUS)
    return;
  redisCommand(C, "INCRBY jobs:done %d", 1);
  redisCommand(C, "EVAL %s 1 lock:nightly %s",
               "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end",
               Token.c_str());
}

void reserve(RedisClient &Client, const std::string &Token) {
  Client.SetNX("lock:reservation", Token, 600);
}

// A lock service of its own, defined elsewhere too.
class LockService {
public:
  bool TryLock(const std::string &Key, int TtlSeconds);
};

void hold(LockService &Locks) { Locks.TryLock("lock:hold", 10); }
