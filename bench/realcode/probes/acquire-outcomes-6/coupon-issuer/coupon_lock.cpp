#include "coupon_lock.h"

#include <cstring>
#include <random>

namespace coupons {

namespace {

std::string randomToken() {
  std::random_device rd;
  std::uniform_int_distribution<unsigned long long> dist;
  return std::to_string(dist(rd)) + std::to_string(dist(rd));
}

const char *kRelease =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('DEL', KEYS[1]) else return 0 end";

const char *kAddWhileHeld =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('INCRBY', KEYS[2], ARGV[2]) else return false end";

}  // namespace

std::tuple<bool, std::string> CouponLock::tryAcquire(const std::string &key, int ttlMs) {
  std::string token = randomToken();
  redisReply *r = static_cast<redisReply *>(
      redisCommand(c_, "SET %s %s NX PX %d", key.c_str(), token.c_str(), ttlMs));
  const bool ok = r != nullptr && r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0;
  if (r != nullptr) freeReplyObject(r);
  return {ok, token};
}

bool CouponLock::release(const std::string &key, const std::string &token) {
  redisReply *r = static_cast<redisReply *>(
      redisCommand(c_, "EVAL %s 1 %s %s", kRelease, key.c_str(), token.c_str()));
  const bool removed = r != nullptr && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  if (r != nullptr) freeReplyObject(r);
  return removed;
}

bool CouponLock::addWhileHeld(const std::string &key, const std::string &token,
                              const std::string &counter, long n) {
  redisReply *r = static_cast<redisReply *>(redisCommand(
      c_, "EVAL %s 2 %s %s %s %ld", kAddWhileHeld, key.c_str(), counter.c_str(), token.c_str(), n));
  const bool applied = r != nullptr && r->type == REDIS_REPLY_INTEGER;
  if (r != nullptr) freeReplyObject(r);
  return applied;
}

}  // namespace coupons
