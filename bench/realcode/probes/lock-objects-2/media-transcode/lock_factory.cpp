#include "lock_factory.hpp"

#include <cstring>
#include <iostream>

#include <hiredis/hiredis.h>

namespace media {
namespace {

class RedisMutex final : public Lock {
public:
    RedisMutex(redisContext* ctx, std::string key, int ttlMs)
        : m_ctx(ctx), m_key(std::move(key)), m_ttlMs(ttlMs) {}

    ~RedisMutex() override {
        if (m_locked) unlock();
    }

    bool tryLock() override {
        auto* r = static_cast<redisReply*>(
            redisCommand(m_ctx, "SET %s 1 NX PX %d", m_key.c_str(), m_ttlMs));
        if (!r) {
            std::cerr << "lock " << m_key << ": " << m_ctx->errstr << '\n';
            return false;
        }
        m_locked = r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0;
        freeReplyObject(r);
        return m_locked;
    }

    void unlock() override {
        auto* r = static_cast<redisReply*>(redisCommand(m_ctx, "DEL %s", m_key.c_str()));
        if (r) freeReplyObject(r);
        m_locked = false;
    }

    const std::string& name() const override { return m_key; }

private:
    redisContext* m_ctx;
    std::string m_key;
    int m_ttlMs;
    bool m_locked = false;
};

} // namespace

std::unique_ptr<Lock> makeLock(redisContext* ctx, const std::string& resource, int ttlMs)
{
    return std::make_unique<RedisMutex>(ctx, "lock:media:" + resource, ttlMs);
}

} // namespace media
