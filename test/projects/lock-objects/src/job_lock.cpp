#include "job_lock.h"
#include "redis_client.h"
#include <chrono>
#include <random>
#include <thread>

namespace ledger {

static std::string randomToken() {
  std::random_device device;
  return std::to_string(device()) + std::to_string(device());
}

JobLock::JobLock(const std::string &name) : key_("lock:job:" + name) {}

bool JobLock::tryLock() {
  token_ = randomToken();
  redisReply *reply = nullptr;
  if (!RedisClient::Instance()->Execute(&reply, "SET %s %s NX PX 30000", key_.c_str(),
                                        token_.c_str()))
    return false;
  bool held = reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  return held;
}

bool JobLock::acquire(int waitMs) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(waitMs);
  while (std::chrono::steady_clock::now() < deadline) {
    if (tryLock())
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

void JobLock::extend() {
  redisReply *reply = nullptr;
  if (RedisClient::Instance()->Execute(&reply, "PEXPIRE %s 30000", key_.c_str()))
    freeReplyObject(reply);
}

void JobLock::release() {
  redisReply *reply = nullptr;
  if (RedisClient::Instance()->Execute(
          &reply,
          "EVAL %s 1 %s %s",
          "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) "
          "else return 0 end",
          key_.c_str(), token_.c_str()))
    freeReplyObject(reply);
}

} // namespace ledger
