#include "lock.h"
#include <hiredis/hiredis.h>
#include <random>

namespace farm {
redisContext *connection();

namespace {

const char *ReleaseScript = "if redis.call('get', KEYS[1]) == ARGV[1] then "
                            "return redis.call('del', KEYS[1]) else return 0 end";

class RedisLock final : public Lock {
public:
  RedisLock(const std::string &name, int ttlMs)
      : key_("farm:lock:" + name), ttlMs_(ttlMs) {
    std::random_device Random;
    token_ = std::to_string(Random()) + std::to_string(Random());
  }

  bool tryLock() override {
    auto *Reply = static_cast<redisReply *>(redisCommand(
        connection(), "SET %s %s NX PX %d", key_.c_str(), token_.c_str(), ttlMs_));
    bool Held = Reply && Reply->type == REDIS_REPLY_STATUS;
    if (Reply)
      freeReplyObject(Reply);
    return Held;
  }

  void unlock() override {
    auto *Reply = static_cast<redisReply *>(redisCommand(
        connection(), "EVAL %s 1 %s %s", ReleaseScript, key_.c_str(), token_.c_str()));
    if (Reply)
      freeReplyObject(Reply);
  }

private:
  std::string key_;
  std::string token_;
  int ttlMs_;
};

} // namespace

std::shared_ptr<Lock> makeLock(const std::string &name, int ttlMs) {
  return std::make_shared<RedisLock>(name, ttlMs);
}

} // namespace farm
