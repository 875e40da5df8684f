#include "job_lock.hpp"

#include <cstring>
#include <utility>

namespace {

const char *kExtend =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
const char *kDelete =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

redisReply *cmd(redisContext *c, const char *fmt, const char *a, const char *b, int n) {
  return static_cast<redisReply *>(redisCommand(c, fmt, a, b, n));
}

}  // namespace

JobLock::JobLock(redisContext *ctx, std::string key, int ttl_ms)
    : ctx_(ctx), key_(std::move(key)), token_(makeToken()), ttl_ms_(ttl_ms) {}

JobLock::~JobLock() { unlock(); }

void JobLock::tryLock() {
  tried_ = true;
  redisReply *r = cmd(ctx_, "SET %s %s NX PX %d", key_.c_str(), token_.c_str(), ttl_ms_);
  replied_ = r != nullptr && r->type != REDIS_REPLY_ERROR;
  held_ = r != nullptr && r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0;
  if (r) freeReplyObject(r);
}

bool JobLock::extend() {
  if (!held_) return false;
  auto *r = static_cast<redisReply *>(redisCommand(
      ctx_, "EVAL %s 1 %s %s %d", kExtend, key_.c_str(), token_.c_str(), ttl_ms_));
  held_ = r != nullptr && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  if (r) freeReplyObject(r);
  return held_;
}

void JobLock::unlock() {
  if (!held_) return;
  auto *r = static_cast<redisReply *>(redisCommand(
      ctx_, "EVAL %s 1 %s %s", kDelete, key_.c_str(), token_.c_str()));
  if (r) freeReplyObject(r);
  held_ = false;
}

void SceneLock::tryLock() {
  redisReply *r = cmd(ctx_, "SET %s %s NX PX %d", key_.c_str(), makeToken().c_str(), 60000);
  held_ = r != nullptr && r->type != REDIS_REPLY_NIL;
  if (r) freeReplyObject(r);
}

void SceneLock::unlock() {
  if (!held_) return;
  auto *r = static_cast<redisReply *>(redisCommand(ctx_, "DEL %s", key_.c_str()));
  if (r) freeReplyObject(r);
  held_ = false;
}
