#include "sku_lock.hpp"

#include <chrono>
#include <random>
#include <sstream>
#include <unistd.h>

namespace inventory {

static std::string makeToken() {
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  std::ostringstream os;
  char host[64] = {0};
  gethostname(host, sizeof(host) - 1);
  os << host << '-' << getpid() << '-' << std::hex << rng() << rng();
  return os.str();
}

static const char* const kUnlockLua =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "  return redis.call('DEL', KEYS[1]) "
    "end "
    "return 0";

SkuLock::SkuLock(redisContext* redis, const std::string& sku, int ttlMs)
    : m_redis(redis), m_key("inv:lock:" + sku), m_token(makeToken()), m_ttlMs(ttlMs) {}

SkuLock::~SkuLock() {
  if (m_held) release();
}

bool SkuLock::acquire() {
  void* raw = redisCommand(m_redis, "SET %s %s PX %d", m_key.c_str(), m_token.c_str(), m_ttlMs);
  auto* reply = static_cast<redisReply*>(raw);
  if (reply == nullptr) return false;
  m_held = reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  return m_held;
}

void SkuLock::release() {
  void* raw = redisCommand(m_redis, "EVAL %s 1 %s %s", kUnlockLua, m_key.c_str(), m_token.c_str());
  auto* reply = static_cast<redisReply*>(raw);
  if (reply != nullptr) freeReplyObject(reply);
  m_held = false;
}

}  // namespace inventory
