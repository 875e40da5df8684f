#include "dist_lock.h"

#include <cstdio>
#include <random>
#include <thread>

namespace feed {
namespace {

const char* const kUnlockLua =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('DEL', KEYS[1]) end return 0";
const char* const kExtendLua =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0";

std::string RandomToken() {
  std::random_device rd;
  char buf[40];
  std::snprintf(buf, sizeof(buf), "%08x%08x%08x%08x", rd(), rd(), rd(), rd());
  return buf;
}

}  // namespace

DistLock::DistLock(RedisClient& client, const std::string& resource)
    : client_(client), key_("dlock:" + resource), token_(RandomToken()) {}

bool DistLock::tryLock(int ttl_ms) {
  Reply r;
  client_.ExecuteCommand(r, "SET %s %s PX %d", key_.c_str(), token_.c_str(), ttl_ms);
  return r.isStatus("OK");
}

bool DistLock::lockUntil(std::chrono::steady_clock::time_point deadline, int ttl_ms) {
  do {
    if (tryLock(ttl_ms)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
  } while (std::chrono::steady_clock::now() < deadline);
  return false;
}

bool DistLock::extend(int ttl_ms) {
  Reply r;
  client_.ExecuteCommand(r, "EVAL %s 1 %s %s %d", kExtendLua, key_.c_str(),
                         token_.c_str(), ttl_ms);
  return r.integer() == 1;
}

void DistLock::release() {
  Reply r;
  client_.ExecuteCommand(r, "EVAL %s 1 %s %s", kUnlockLua, key_.c_str(), token_.c_str());
}

}  // namespace feed
