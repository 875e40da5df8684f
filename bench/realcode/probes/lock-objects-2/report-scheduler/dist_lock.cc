#include "dist_lock.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

namespace {

const char kUnlockLua[] =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('DEL', KEYS[1]) else return 0 end";
const char kRefreshLua[] =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end";

std::string new_owner_value() {
  static std::atomic<unsigned long> counter{0};
  char host[64] = {0};
  gethostname(host, sizeof(host) - 1);
  const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  char buf[160];
  std::snprintf(buf, sizeof(buf), "%s/%d/%lld/%lu", host, static_cast<int>(getpid()),
                static_cast<long long>(now), ++counter);
  return buf;
}

}  // namespace

DistLock::DistLock(redisContext* redis, std::string key, int ttl_ms)
    : redis_(redis), key_(std::move(key)), ttl_ms_(ttl_ms) {}

bool DistLock::acquire(int max_tries) {
  value_ = new_owner_value();
  for (int attempt = 0; attempt < max_tries; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    auto* reply = static_cast<redisReply*>(redisCommand(
        redis_, "SET %s %s NX PX %d", key_.c_str(), value_.c_str(), ttl_ms_));
    if (reply == nullptr) return false;
    const bool ok = reply->type == REDIS_REPLY_STATUS;
    freeReplyObject(reply);
    if (ok) {
      held_ = true;
      return true;
    }
  }
  return false;
}

bool DistLock::refresh() {
  auto* reply = static_cast<redisReply*>(redisCommand(
      redis_, "EVAL %s 1 %s %s %d", kRefreshLua, key_.c_str(), value_.c_str(), ttl_ms_));
  bool ok = reply != nullptr && reply->type == REDIS_REPLY_INTEGER && reply->integer == 1;
  if (reply != nullptr) freeReplyObject(reply);
  held_ = ok;
  return ok;
}

void DistLock::release() {
  if (!held_) return;
  auto* reply = static_cast<redisReply*>(redisCommand(
      redis_, "EVAL %s 1 %s %s", kUnlockLua, key_.c_str(), value_.c_str()));
  if (reply != nullptr) freeReplyObject(reply);
  held_ = false;
}
