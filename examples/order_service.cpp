// A service as they are usually written: its own RedisClient wrapper, key
// builders, and lock code that never calls hiredis directly. locklint follows
// the wrapper and reports each mistake where the lock code makes it.
#include <hiredis/hiredis.h>
#include <string>

std::string randomToken();
void reserveStock(const std::string &sku);

// The service's wrapper: generic, used for cache keys and lock keys alike.
class RedisClient {
public:
  explicit RedisClient(redisContext *context) : context_(context) {}

  bool Set(const std::string &key, const std::string &value, int ttlMs) {
    return ok(redisCommand(context_, "SET %s %s PX %d", key.c_str(), value.c_str(), ttlMs));
  }
  bool SetIfAbsent(const std::string &key, const std::string &value, int ttlMs) {
    return ok(redisCommand(context_, "SET %s %s NX PX %d", key.c_str(), value.c_str(), ttlMs));
  }
  bool Del(const std::string &key) { return ok(redisCommand(context_, "DEL %s", key.c_str())); }
  bool Eval(const std::string &script, const std::string &key, const std::string &arg) {
    return ok(redisCommand(context_, "EVAL %s 1 %s %s", script.c_str(), key.c_str(),
                           arg.c_str()));
  }
  // Sends a command assembled by the caller.
  bool Exec(const std::string &command) { return ok(redisCommand(context_, command.c_str())); }

private:
  static bool ok(void *reply) {
    bool Success = reply != nullptr;
    freeReplyObject(reply);
    return Success;
  }
  redisContext *context_;
};

std::string lockKey(const std::string &resource) { return "lock:" + resource; }
std::string cacheKey(const std::string &resource) { return "cache:" + resource; }

// Cache writes through the same wrapper are not locks: nothing to report.
void cacheStockLevel(RedisClient &redis, const std::string &sku, const std::string &level) {
  redis.Set(cacheKey(sku), level, 60000);
  redis.Del(cacheKey("stale:" + sku));
}

// Broken: Set overwrites whoever holds the lock, and Del removes it even when
// it expired and passed to another replica meanwhile.
void broken_reserve(RedisClient &redis, const std::string &sku) {
  std::string token = randomToken();
  redis.Set(lockKey(sku), token, 30000);
  reserveStock(sku);
  redis.Del(lockKey(sku));
}

// Broken: the command text is assembled here and sent through Exec; "1" is
// the same value for every replica.
void broken_reserveAssembled(RedisClient &redis, const std::string &sku) {
  std::string command = "SET " + lockKey(sku) + " 1 NX PX 30000";
  if (!redis.Exec(command))
    return;
  reserveStock(sku);
}

// Fixed: take the lock only if absent, with a unique token, and release it
// with a script that deletes the key only while it holds that token.
void fixed_reserve(RedisClient &redis, const std::string &sku) {
  std::string token = randomToken();
  if (!redis.SetIfAbsent(lockKey(sku), token, 30000))
    return;
  reserveStock(sku);
  redis.Eval("if redis.call('get', KEYS[1]) == ARGV[1] then "
             "return redis.call('del', KEYS[1]) else return 0 end",
             lockKey(sku), token);
}
