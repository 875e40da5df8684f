#include "redis_lock.hpp"

#include <cstdio>
#include <memory>
#include <random>
#include <thread>

namespace ledger {
namespace {

constexpr const char* kReleaseScript =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) end return 0";
constexpr const char* kExtendScript =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0";

std::string RandomToken() {
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  char buf[33];
  std::snprintf(buf, sizeof(buf), "%016llx%016llx",
                static_cast<unsigned long long>(rng()),
                static_cast<unsigned long long>(rng()));
  return buf;
}

struct ReplyDeleter {
  void operator()(redisReply* r) const {
    if (r) freeReplyObject(r);
  }
};
using Reply = std::unique_ptr<redisReply, ReplyDeleter>;

}  // namespace

RedisLock::RedisLock(redisContext* ctx, std::string key, std::chrono::milliseconds ttl)
    : ctx_(ctx), key_(std::move(key)), ttl_(ttl) {}

bool RedisLock::TryAcquire(int attempts, std::chrono::milliseconds backoff) {
  for (int i = 0; i < attempts; ++i) {
    token_ = RandomToken();
    Reply r(static_cast<redisReply*>(redisCommand(
        ctx_, "SET %s %s NX PX %lld", key_.c_str(), token_.c_str(),
        static_cast<long long>(ttl_.count()))));
    if (!r) return false;
    if (r->type == REDIS_REPLY_STATUS) {
      held_ = true;
      return true;
    }
    std::this_thread::sleep_for(backoff);
  }
  return false;
}

bool RedisLock::Release() {
  if (!held_) return false;
  held_ = false;
  Reply r(static_cast<redisReply*>(redisCommand(
      ctx_, "EVAL %s 1 %s %s", kReleaseScript, key_.c_str(), token_.c_str())));
  return r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
}

bool RedisLock::Extend() {
  if (!held_) return false;
  Reply r(static_cast<redisReply*>(redisCommand(
      ctx_, "EVAL %s 1 %s %s %lld", kExtendScript, key_.c_str(), token_.c_str(),
      static_cast<long long>(ttl_.count()))));
  held_ = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  return held_;
}

}  // namespace ledger
