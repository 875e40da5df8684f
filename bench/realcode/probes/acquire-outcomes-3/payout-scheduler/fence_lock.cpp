#include "fence_lock.hpp"

#include <cstdio>
#include <random>

namespace payout {
namespace {

constexpr const char* kAcquireScript =
    "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then\n"
    "  return redis.call('INCR', KEYS[2])\n"
    "end\n"
    "return 0\n";

constexpr const char* kReleaseScript =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then\n"
    "  return redis.call('DEL', KEYS[1])\n"
    "end\n"
    "return 0\n";

std::string makeToken() {
  std::random_device rd;
  std::mt19937_64 gen(rd());
  char buf[40];
  std::snprintf(buf, sizeof buf, "%016llx%016llx",
                static_cast<unsigned long long>(gen()),
                static_cast<unsigned long long>(gen()));
  return buf;
}

}  // namespace

FenceLock::FenceLock(redisContext* ctx, const std::string& name, int ttl_ms)
    : ctx_(ctx),
      key_("payout:lock:" + name),
      fence_key_("payout:fence:" + name),
      token_(makeToken()),
      ttl_ms_(ttl_ms) {}

int64_t FenceLock::acquire() {
  auto* reply = static_cast<redisReply*>(redisCommand(
      ctx_, "EVAL %s 2 %s %s %s %d", kAcquireScript, key_.c_str(),
      fence_key_.c_str(), token_.c_str(), ttl_ms_));
  if (reply == nullptr) return -1;
  int64_t out = -1;
  if (reply->type == REDIS_REPLY_INTEGER) out = reply->integer;
  freeReplyObject(reply);
  return out;
}

bool FenceLock::release() {
  auto* reply = static_cast<redisReply*>(redisCommand(
      ctx_, "EVAL %s 1 %s %s", kReleaseScript, key_.c_str(), token_.c_str()));
  if (reply == nullptr) return false;
  bool ok = reply->type == REDIS_REPLY_INTEGER && reply->integer == 1;
  freeReplyObject(reply);
  return ok;
}

}  // namespace payout
