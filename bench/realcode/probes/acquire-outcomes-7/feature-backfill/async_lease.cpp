#include "async_lease.hpp"

#include <cstring>
#include <thread>

#include <hiredis/hiredis.h>
#include <unistd.h>

namespace {

const char *kRelease =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

}  // namespace

AsyncLease &leaseClient() {
  static AsyncLease client("features-redis", 6379);
  return client;
}

LeaseStatus AsyncLease::trySet(const std::string &key, int ttl_ms) {
  std::string token;
  {
    std::lock_guard<std::mutex> g(tokens_mu_);
    token = std::to_string(getpid()) + ":" + std::to_string(++seq_);
  }
  redisContext *c = redisConnect(host_.c_str(), port_);
  if (c == nullptr || c->err) {
    if (c) redisFree(c);
    return LeaseStatus::Error;
  }
  auto *r = static_cast<redisReply *>(
      redisCommand(c, "SET %s %s NX PX %d", key.c_str(), token.c_str(), ttl_ms));
  LeaseStatus st = LeaseStatus::Error;
  if (r && r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0)
    st = LeaseStatus::Held;
  else if (r && r->type == REDIS_REPLY_NIL)
    st = LeaseStatus::Busy;
  if (r) freeReplyObject(r);
  redisFree(c);
  if (st == LeaseStatus::Held) {
    std::lock_guard<std::mutex> g(tokens_mu_);
    tokens_[key] = token;
  }
  return st;
}

bool AsyncLease::submit(const std::string &key, int ttl_ms, HeldCallback cb) {
  if (!cb) return false;
  std::thread([this, key, ttl_ms, cb] { cb(trySet(key, ttl_ms) == LeaseStatus::Held); })
      .detach();
  return true;
}

bool AsyncLease::submitStatus(const std::string &key, int ttl_ms, StatusCallback cb) {
  if (!cb) return false;
  std::thread([this, key, ttl_ms, cb] { cb(trySet(key, ttl_ms)); }).detach();
  return true;
}

void AsyncLease::release(const std::string &key) {
  std::string token;
  {
    std::lock_guard<std::mutex> g(tokens_mu_);
    token = tokens_[key];
  }
  redisContext *c = redisConnect(host_.c_str(), port_);
  if (c == nullptr || c->err) {
    if (c) redisFree(c);
    return;
  }
  auto *r = static_cast<redisReply *>(
      redisCommand(c, "EVAL %s 1 %s %s", kRelease, key.c_str(), token.c_str()));
  if (r) freeReplyObject(r);
  redisFree(c);
}
