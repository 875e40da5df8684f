#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "defer.h"
#include "redis_lock.h"

namespace sessions {

using namespace std::chrono_literals;

constexpr const char* kFencedCursorWrite =
    "if tonumber(redis.call('get', KEYS[1]) or '0') < tonumber(ARGV[1]) then "
    "redis.call('set', KEYS[1], ARGV[1]); redis.call('set', KEYS[2], ARGV[2]); return 1 end "
    "return 0";

long long ScanExpired(redisContext* ctx, long long cursor, int batch);
std::string MergeSessionLists(const std::string& a, const std::string& b);

class SessionGc {
 public:
  explicit SessionGc(redisContext* ctx) : ctx_(ctx) {}

  bool PurgeExpired();
  bool MergeUserSessions(const std::string& user, const std::string& device_sessions);
  bool RebuildUserIndex(const std::string& user);

 private:
  void RememberLocally(const std::string& user, const std::string& sessions);

  redisContext* ctx_;
  std::mutex cache_mu_;
  std::unordered_map<std::string, std::string> local_cache_;
};

bool SessionGc::PurgeExpired() {
  auto lock = std::make_unique<RedisLock>(ctx_, "lock:session-gc", 15000);
  if (!lock->lockFor(2s)) return false;
  DEFER { lock->release(); };

  long long next = ScanExpired(ctx_, 0, 1000);
  if (next < 0) return false;
  if (!lock->extend()) return false;

  redisReply* r = static_cast<redisReply*>(
      redisCommand(ctx_, "EVAL %s 2 gc:fence gc:cursor %lld %lld", kFencedCursorWrite,
                   lock->fence(), next));
  bool ok = r != nullptr && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
  if (r != nullptr) freeReplyObject(r);
  return ok;
}

bool SessionGc::MergeUserSessions(const std::string& user, const std::string& device_sessions) {
  RedisLock sessions_lock(ctx_, "lock:sessions:" + user, 5000);
  RedisLock user_lock(ctx_, "lock:user:" + user, 5000);
  if (!sessions_lock.lockFor(3s)) return false;
  DEFER { sessions_lock.release(); };
  if (!user_lock.lockFor(3s)) return false;
  DEFER { user_lock.release(); };

  redisReply* r = static_cast<redisReply*>(
      redisCommand(ctx_, "GET user:%s:sessions", user.c_str()));
  std::string current = (r != nullptr && r->type == REDIS_REPLY_STRING) ? r->str : "";
  if (r != nullptr) freeReplyObject(r);

  std::string merged = MergeSessionLists(current, device_sessions);
  r = static_cast<redisReply*>(
      redisCommand(ctx_, "SET user:%s:sessions %s", user.c_str(), merged.c_str()));
  if (r != nullptr) freeReplyObject(r);

  RememberLocally(user, merged);
  return true;
}

bool SessionGc::RebuildUserIndex(const std::string& user) {
  RedisLock user_lock(ctx_, "lock:user:" + user, 5000);
  RedisLock sessions_lock(ctx_, "lock:sessions:" + user, 5000);
  if (!user_lock.lockFor(3s)) return false;
  DEFER { user_lock.release(); };
  if (!sessions_lock.lockFor(3s)) return false;
  DEFER { sessions_lock.release(); };

  redisReply* r = static_cast<redisReply*>(
      redisCommand(ctx_, "SADD users:with-sessions %s", user.c_str()));
  if (r != nullptr) freeReplyObject(r);
  return true;
}

void SessionGc::RememberLocally(const std::string& user, const std::string& sessions) {
  std::lock_guard<std::mutex> g(cache_mu_);
  local_cache_[user] = sessions;
}

}  // namespace sessions
