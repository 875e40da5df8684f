#include "lease.hpp"

#include <unistd.h>

#include <utility>

namespace {

const char *kAcquire =
    "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then "
    "return redis.call('incr', KEYS[2]) else return 0 end";

const char *kRelease =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

const char *kFencedHset =
    "if tonumber(redis.call('hget', KEYS[1], '_fence') or '0') <= "
    "tonumber(ARGV[3]) then redis.call('hset', KEYS[1], ARGV[1], ARGV[2], "
    "'_fence', ARGV[3]) return 1 else return 0 end";

}  // namespace

LeaseClient::LeaseClient(redisContext *ctx, std::string prefix)
    : ctx_(ctx), prefix_(std::move(prefix)) {}

LeaseClient &LeaseClient::instance() {
  static LeaseClient client(redisConnect("quota-redis", 6379), "quota:lease:");
  return client;
}

std::string LeaseClient::newToken() {
  return std::to_string(getpid()) + "-" + std::to_string(++seq_);
}

std::optional<Lease> LeaseClient::acquire(const std::string &name, int ttl_ms) {
  Lease lease{prefix_ + name, newToken(), 0};
  const std::string fence_key = lease.key + ":fence";
  auto *r = static_cast<redisReply *>(
      redisCommand(ctx_, "EVAL %s 2 %s %s %s %d", kAcquire, lease.key.c_str(),
                   fence_key.c_str(), lease.token.c_str(), ttl_ms));
  if (r == nullptr) return std::nullopt;
  if (r->type == REDIS_REPLY_INTEGER && r->integer > 0) lease.fence = r->integer;
  freeReplyObject(r);
  if (lease.fence == 0) return std::nullopt;
  return lease;
}

bool LeaseClient::release(const Lease &lease) {
  auto *r = static_cast<redisReply *>(redisCommand(
      ctx_, "EVAL %s 1 %s %s", kRelease, lease.key.c_str(), lease.token.c_str()));
  const bool ok = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  if (r) freeReplyObject(r);
  return ok;
}

bool LeaseClient::writeFenced(const std::string &hash, const std::string &field,
                              long long value, long long fence) {
  auto *r = static_cast<redisReply *>(
      redisCommand(ctx_, "EVAL %s 1 %s %s %lld %lld", kFencedHset, hash.c_str(),
                   field.c_str(), value, fence));
  const bool ok = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  if (r) freeReplyObject(r);
  return ok;
}
