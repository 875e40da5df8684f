#include "redis_lock.h"

#include <cstdio>
#include <random>
#include <thread>

namespace sweeper {
namespace {

constexpr char kReleaseScript[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

}  // namespace

RedisLock::RedisLock(redisContext* ctx, std::string name, int ttl_ms)
    : ctx_(ctx), key_("lock:" + name), token_(NewToken()), ttl_ms_(ttl_ms) {}

std::string RedisLock::NewToken() {
  std::random_device rd;
  std::mt19937_64 gen(rd());
  char buf[33];
  std::snprintf(buf, sizeof(buf), "%016llx%016llx",
                static_cast<unsigned long long>(gen()),
                static_cast<unsigned long long>(gen()));
  return buf;
}

bool RedisLock::TryLock() {
  auto* reply = static_cast<redisReply*>(redisCommand(
      ctx_, "SET %s %s NX PX %d", key_.c_str(), token_.c_str(), ttl_ms_));
  if (reply == nullptr) return false;
  const bool ok = reply->type == REDIS_REPLY_STATUS &&
                  std::string(reply->str, reply->len) == "OK";
  freeReplyObject(reply);
  return ok;
}

bool RedisLock::LockUntil(std::chrono::steady_clock::time_point deadline) {
  while (std::chrono::steady_clock::now() < deadline) {
    if (TryLock()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

bool RedisLock::Extend(int ttl_ms) {
  auto* reply = static_cast<redisReply*>(
      redisCommand(ctx_, "PEXPIRE %s %d", key_.c_str(), ttl_ms));
  if (reply == nullptr) return false;
  const bool ok = reply->type == REDIS_REPLY_INTEGER && reply->integer == 1;
  freeReplyObject(reply);
  if (ok) ttl_ms_ = ttl_ms;
  return ok;
}

void RedisLock::Release() {
  auto* reply = static_cast<redisReply*>(redisCommand(
      ctx_, "EVAL %s 1 %s %s", kReleaseScript, key_.c_str(), token_.c_str()));
  if (reply != nullptr) freeReplyObject(reply);
}

}  // namespace sweeper
