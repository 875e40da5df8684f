#include "lease_lock.hpp"

#include <hiredis/hiredis.h>

#include <cstdio>
#include <fstream>
#include <memory>

namespace payouts {

class RedisLeaseLock : public LeaseLock {
 public:
  RedisLeaseLock(redisContext* ctx, std::string resource, std::chrono::milliseconds ttl);

  std::optional<int64_t> acquire() override;
  bool extend() override;
  void release() override;

  int64_t fence() const override { return fence_; }
  const std::string& resource() const override { return resource_; }

 private:
  redisContext* ctx_;
  std::string resource_;
  std::string key_;
  std::string fenceKey_;
  std::string token_;
  std::chrono::milliseconds ttl_;
  int64_t fence_ = 0;
};

namespace {

struct FreeReply {
  void operator()(redisReply* r) const { freeReplyObject(r); }
};
using ReplyPtr = std::unique_ptr<redisReply, FreeReply>;

ReplyPtr Cmd(redisContext* c, const char* fmt, const std::string& a) {
  return ReplyPtr(static_cast<redisReply*>(redisCommand(c, fmt, a.c_str())));
}

std::string RandomToken() {
  unsigned char raw[16] = {0};
  std::ifstream urandom("/dev/urandom", std::ios::binary);
  urandom.read(reinterpret_cast<char*>(raw), sizeof raw);
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned char b : raw) {
    out.push_back(hex[b >> 4]);
    out.push_back(hex[b & 15]);
  }
  return out;
}

const char kUnlockScript[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end "
    "return 0";

}  // namespace

RedisLeaseLock::RedisLeaseLock(redisContext* ctx, std::string resource,
                               std::chrono::milliseconds ttl)
    : ctx_(ctx),
      resource_(std::move(resource)),
      key_("payouts:lock:" + resource_),
      fenceKey_("payouts:fence:" + resource_),
      ttl_(ttl) {}

std::optional<int64_t> RedisLeaseLock::acquire() {
  std::string token = RandomToken();
  ReplyPtr set(static_cast<redisReply*>(redisCommand(ctx_, "SET %s %s NX PX %lld", key_.c_str(),
                                                     token.c_str(),
                                                     static_cast<long long>(ttl_.count()))));
  if (!set || set->type != REDIS_REPLY_STATUS) return std::nullopt;

  ReplyPtr incr = Cmd(ctx_, "INCR %s", fenceKey_);
  if (!incr || incr->type != REDIS_REPLY_INTEGER) {
    redisReply* r = static_cast<redisReply*>(
        redisCommand(ctx_, "EVAL %s 1 %s %s", kUnlockScript, key_.c_str(), token.c_str()));
    if (r) freeReplyObject(r);
    return std::nullopt;
  }
  token_ = std::move(token);
  fence_ = incr->integer;
  return fence_;
}

bool RedisLeaseLock::extend() {
  if (token_.empty()) return false;
  ReplyPtr r(static_cast<redisReply*>(redisCommand(ctx_, "PEXPIRE %s %lld", key_.c_str(),
                                                   static_cast<long long>(ttl_.count()))));
  return r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
}

void RedisLeaseLock::release() {
  if (token_.empty()) return;
  ReplyPtr r(static_cast<redisReply*>(
      redisCommand(ctx_, "EVAL %s 1 %s %s", kUnlockScript, key_.c_str(), token_.c_str())));
  if (!r || r->type != REDIS_REPLY_INTEGER || r->integer != 1) {
    std::fprintf(stderr, "payouts: lock %s already lost at release\n", resource_.c_str());
  }
  token_.clear();
  fence_ = 0;
}

std::shared_ptr<LeaseLock> MakeRedisLeaseLock(redisContext* ctx, const std::string& resource,
                                              std::chrono::milliseconds ttl) {
  return std::make_shared<RedisLeaseLock>(ctx, resource, ttl);
}

}  // namespace payouts
