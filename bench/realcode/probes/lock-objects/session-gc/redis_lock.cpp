#include "redis_lock.h"

#include <cstring>
#include <random>
#include <thread>

namespace sessions {
namespace {

constexpr const char* kDelIfOwner =
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";
constexpr const char* kExtendIfOwner =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0";

std::string MakeToken() {
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  return std::to_string(rng()) + "-" + std::to_string(rng());
}

}  // namespace

RedisLock::RedisLock(redisContext* ctx, std::string key, int ttl_ms)
    : ctx_(ctx), key_(std::move(key)), token_(MakeToken()), ttl_ms_(ttl_ms) {}

bool RedisLock::tryLock() {
  redisReply* r = static_cast<redisReply*>(
      redisCommand(ctx_, "SET %s %s NX PX %d", key_.c_str(), token_.c_str(), ttl_ms_));
  bool ok = r != nullptr && r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0;
  if (r != nullptr) freeReplyObject(r);
  if (!ok) return false;

  r = static_cast<redisReply*>(redisCommand(ctx_, "INCR fence:%s", key_.c_str()));
  if (r != nullptr && r->type == REDIS_REPLY_INTEGER) fence_ = r->integer;
  if (r != nullptr) freeReplyObject(r);
  return fence_ > 0;
}

bool RedisLock::lockUntil(Clock::time_point deadline) {
  while (!tryLock()) {
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

bool RedisLock::extend() {
  redisReply* r = static_cast<redisReply*>(redisCommand(
      ctx_, "EVAL %s 1 %s %s %d", kExtendIfOwner, key_.c_str(), token_.c_str(), ttl_ms_));
  bool ok = r != nullptr && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  if (r != nullptr) freeReplyObject(r);
  return ok;
}

void RedisLock::release() {
  redisReply* r = static_cast<redisReply*>(
      redisCommand(ctx_, "EVAL %s 1 %s %s", kDelIfOwner, key_.c_str(), token_.c_str()));
  if (r != nullptr) freeReplyObject(r);
}

}  // namespace sessions
