#pragma once

#include <chrono>
#include <string>

struct redisContext;

namespace billing {

/// Cross-replica mutex backed by a single Redis key.
/// Not re-entrant. Not thread-safe: one instance per worker thread.
class RedisMutex {
public:
    RedisMutex(redisContext* ctx, std::string name);
    ~RedisMutex() = default;

    RedisMutex(const RedisMutex&) = delete;
    RedisMutex& operator=(const RedisMutex&) = delete;

    /// Single attempt. Returns true and marks the mutex held on success.
    bool tryLock(std::chrono::milliseconds ttl);

    /// Retries tryLock until `wait` has elapsed.
    bool lockFor(std::chrono::milliseconds ttl, std::chrono::milliseconds wait);

    /// Releases if held (owner-checked on the server). Safe to call twice.
    void unlock();

    bool isHeld() const { return held_; }
    const std::string& name() const { return name_; }

private:
    redisContext* ctx_;
    std::string name_;
    std::string owner_;
    bool held_ = false;
};

}  // namespace billing
