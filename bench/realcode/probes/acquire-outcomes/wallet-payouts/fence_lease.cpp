#include "fence_lease.h"

#include <hiredis/hiredis.h>

#include <cstdio>
#include <random>

namespace wallet {

namespace {

constexpr char kAcquire[] =
    "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then "
    "  return redis.call('INCR', KEYS[2]) "
    "end "
    "return 0";

constexpr char kExtend[] =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "  return redis.call('PEXPIRE', KEYS[1], ARGV[2]) "
    "end "
    "return 0";

constexpr char kRelease[] =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "  return redis.call('DEL', KEYS[1]) "
    "end "
    "return 0";

std::string NewOwner() {
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  char buf[40];
  std::snprintf(buf, sizeof(buf), "%016llx%016llx",
                static_cast<unsigned long long>(rng()),
                static_cast<unsigned long long>(rng()));
  return buf;
}

}  // namespace

long long lease_acquire(redisContext* rc, const std::string& wallet_id, int ttl_ms,
                        Lease* out) {
  Lease l{"wallet:lease:" + wallet_id, NewOwner()};
  const std::string fence_key = "wallet:fence:" + wallet_id;
  auto* r = static_cast<redisReply*>(redisCommand(rc, "EVAL %s 2 %s %s %s %d", kAcquire, l.key.c_str(), fence_key.c_str(), l.owner.c_str(), ttl_ms));
  if (r == nullptr) return -1;
  long long result = -1;
  if (r->type == REDIS_REPLY_INTEGER) result = r->integer;
  freeReplyObject(r);
  if (result > 0) *out = l;
  return result;
}

bool lease_extend(redisContext* rc, const Lease& l, int ttl_ms) {
  auto* r = static_cast<redisReply*>(
      redisCommand(rc, "EVAL %s 1 %s %s %d", kExtend, l.key.c_str(), l.owner.c_str(), ttl_ms));
  if (r == nullptr) return false;
  const bool ok = r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  freeReplyObject(r);
  return ok;
}

void lease_release(redisContext* rc, const Lease& l) {
  auto* r = static_cast<redisReply*>(
      redisCommand(rc, "EVAL %s 1 %s %s", kRelease, l.key.c_str(), l.owner.c_str()));
  if (r != nullptr) freeReplyObject(r);
}

}  // namespace wallet
