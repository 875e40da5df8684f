#include "purge_lock.hpp"

#include <unistd.h>

namespace {

const char *kAcquire =
    "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', 30000) then "
    "return redis.call('incr', KEYS[1] .. ':fence') else return 0 end";
const char *kWrite =
    "local f = tonumber(redis.call('get', KEYS[1] .. ':fence') or '0') "
    "if tonumber(ARGV[2]) >= f then redis.call('set', KEYS[1], ARGV[1]) "
    "redis.call('set', KEYS[1] .. ':fence', ARGV[2]) return 1 end return 0";
const char *kRelease =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

}  // namespace

PurgeLocks &PurgeLocks::get() {
  static PurgeLocks instance(redisConnect("cdn-redis", 6379),
                             "purger-" + std::to_string(getpid()));
  return instance;
}

redisReply *PurgeLocks::run(const char *fmt, const std::string &a,
                            const std::string &b) {
  return static_cast<redisReply *>(redisCommand(ctx_, fmt, a.c_str(), b.c_str()));
}

std::tuple<LockState, std::uint64_t> PurgeLocks::acquire(const std::string &scope) {
  auto *r = static_cast<redisReply *>(redisCommand(
      ctx_, "EVAL %s 1 purge:lock:%s %s", kAcquire, scope.c_str(), token_.c_str()));
  std::tuple<LockState, std::uint64_t> out{LockState::Failed, 0};
  if (r != nullptr && r->type == REDIS_REPLY_INTEGER)
    out = r->integer > 0 ? std::make_tuple(LockState::Held, std::uint64_t(r->integer))
                         : std::make_tuple(LockState::Contended, std::uint64_t(0));
  if (r) freeReplyObject(r);
  return out;
}

std::pair<bool, std::uint64_t> PurgeLocks::tryFence(const std::string &scope) {
  auto [state, fence] = acquire(scope);
  return {state == LockState::Held, fence};
}

void PurgeLocks::release(const std::string &scope) {
  auto *r = static_cast<redisReply *>(redisCommand(
      ctx_, "EVAL %s 1 purge:lock:%s %s", kRelease, scope.c_str(), token_.c_str()));
  if (r) freeReplyObject(r);
}

bool PurgeLocks::writeFenced(const std::string &scope, const std::string &value,
                             std::uint64_t fence) {
  auto *r = static_cast<redisReply *>(
      redisCommand(ctx_, "EVAL %s 1 cdn:manifest:%s %s %llu", kWrite, scope.c_str(),
                   value.c_str(), static_cast<unsigned long long>(fence)));
  const bool ok = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  if (r) freeReplyObject(r);
  return ok;
}

void PurgeLocks::writePlain(const std::string &scope, const std::string &value) {
  redisReply *r = run("SET cdn:manifest:%s %s", scope, value);
  if (r) freeReplyObject(r);
}
