#include "redis_mutex.h"

#include <cstdio>
#include <random>
#include <thread>

namespace media {

namespace {

const char* kCompareAndDelete =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "  return redis.call('DEL', KEYS[1]) "
    "end "
    "return 0";

std::string randomToken() {
    static thread_local std::mt19937_64 rng(std::random_device{}());
    char buf[40];
    std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(rng()),
                  static_cast<unsigned long long>(rng()));
    return buf;
}

void drop(void* r) {
    if (r) freeReplyObject(r);
}

}  // namespace

RedisMutex::RedisMutex(redisContext* ctx, std::string resource, std::chrono::seconds ttl)
    : m_ctx(ctx), m_resource(std::move(resource)), m_key("media:mutex:" + m_resource), m_ttl(ttl) {}

bool RedisMutex::tryOnce() {
    const std::string token = randomToken();
    auto* r = static_cast<redisReply*>(redisCommand(m_ctx, "SETNX %s %s", m_key.c_str(), token.c_str()));
    const bool won = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    drop(r);
    if (!won) return false;

    drop(redisCommand(m_ctx, "EXPIRE %s %lld", m_key.c_str(), static_cast<long long>(m_ttl.count())));
    m_token = token;
    m_owned = true;
    return true;
}

bool RedisMutex::lock(std::chrono::milliseconds wait) {
    const auto giveUp = std::chrono::steady_clock::now() + wait;
    auto backoff = std::chrono::milliseconds(10);
    while (!tryOnce()) {
        if (std::chrono::steady_clock::now() + backoff > giveUp) return false;
        std::this_thread::sleep_for(backoff);
        if (backoff < std::chrono::milliseconds(200)) backoff *= 2;
    }
    return true;
}

void RedisMutex::unlock() {
    if (!m_owned) return;
    drop(redisCommand(m_ctx, "EVAL %s 1 %s %s", kCompareAndDelete, m_key.c_str(), m_token.c_str()));
    m_owned = false;
    m_token.clear();
}

void RedisMutex::forceUnlock() {
    drop(redisCommand(m_ctx, "DEL %s", m_key.c_str()));
    m_owned = false;
    m_token.clear();
}

}  // namespace media
