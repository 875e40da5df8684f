#include "redis_locker.h"

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>

namespace inv {
namespace {

const char kReleaseScript[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "  return redis.call('del', KEYS[1]) "
    "else return 0 end";

// KEYS[1] = stock hash, ARGV[1] = delta, ARGV[2] = fence
const char kFencedDeltaScript[] =
    "local last = tonumber(redis.call('hget', KEYS[1], 'fence') or '0') "
    "if tonumber(ARGV[2]) <= last then return 0 end "
    "redis.call('hset', KEYS[1], 'fence', ARGV[2]) "
    "redis.call('hincrby', KEYS[1], 'on_hand', ARGV[1]) "
    "return 1";

struct FreeReply {
  void operator()(redisReply* r) const {
    if (r != nullptr) freeReplyObject(r);
  }
};
using Reply = std::unique_ptr<redisReply, FreeReply>;

Reply Command(redisContext* c, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

Reply Command(redisContext* c, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  void* raw = redisvCommand(c, fmt, ap);
  va_end(ap);
  return Reply(static_cast<redisReply*>(raw));
}

}  // namespace

const char* ToString(LockStatus s) {
  switch (s) {
    case LockStatus::kAcquired: return "acquired";
    case LockStatus::kBusy:     return "busy";
    case LockStatus::kError:    return "error";
  }
  return "?";
}

std::string RedisLocker::NewToken() {
  static thread_local std::mt19937_64 gen{std::random_device{}()};
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx",
                static_cast<unsigned long long>(gen()),
                static_cast<unsigned long long>(gen()));
  return buf;
}

LockStatus RedisLocker::TryAcquire(const std::string& resource, int ttl_ms,
                                   LockHandle* out) {
  const std::string key = "lock:inv:" + resource;
  const std::string token = NewToken();

  Reply r = Command(ctx_, "SET %s %s NX PX %d", key.c_str(), token.c_str(), ttl_ms);
  if (!r) return LockStatus::kError;
  if (r->type == REDIS_REPLY_NIL) return LockStatus::kBusy;
  if (r->type != REDIS_REPLY_STATUS || std::strcmp(r->str, "OK") != 0)
    return LockStatus::kError;

  Reply f = Command(ctx_, "INCR fence:inv:%s", resource.c_str());
  if (!f || f->type != REDIS_REPLY_INTEGER) {
    Release(LockHandle{key, token, -1});
    return LockStatus::kError;
  }
  out->key = key;
  out->token = token;
  out->fence = f->integer;
  return LockStatus::kAcquired;
}

bool RedisLocker::Release(const LockHandle& h) {
  Reply r = Command(ctx_, "EVAL %s 1 %s %s", kReleaseScript, h.key.c_str(),
                    h.token.c_str());
  return r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
}

bool ApplyStockDelta(redisContext* ctx, const std::string& sku, int delta,
                     long long fence) {
  Reply r = Command(ctx, "EVAL %s 1 stock:%s %d %lld", kFencedDeltaScript,
                    sku.c_str(), delta, fence);
  return r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
}

}  // namespace inv
