#pragma once

#include <hiredis/hiredis.h>

#include <chrono>
#include <string>

namespace media {

// Cross-host mutex on one media resource ("asset:<id>", "channel:<id>").
class RedisMutex {
public:
    RedisMutex(redisContext* ctx, std::string resource, std::chrono::seconds ttl);

    // Retries until `wait` has passed. True when the lock is ours.
    bool lock(std::chrono::milliseconds wait);
    void unlock();

    // Ops escape hatch: drop the key no matter who holds it.
    void forceUnlock();

    bool owned() const { return m_owned; }
    const std::string& resource() const { return m_resource; }

private:
    bool tryOnce();

    redisContext* m_ctx;
    std::string m_resource;
    std::string m_key;
    std::string m_token;
    std::chrono::seconds m_ttl;
    bool m_owned = false;
};

// RAII holder; check owns() before touching the resource.
class MutexGuard {
public:
    MutexGuard(RedisMutex& m, std::chrono::milliseconds wait) : m_mutex(m) {
        m_owns = m_mutex.lock(wait);
    }
    ~MutexGuard() {
        if (m_owns) m_mutex.unlock();
    }
    MutexGuard(const MutexGuard&) = delete;
    MutexGuard& operator=(const MutexGuard&) = delete;

    bool owns() const { return m_owns; }

private:
    RedisMutex& m_mutex;
    bool m_owns = false;
};

}  // namespace media
