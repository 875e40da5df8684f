#pragma once

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include <hiredis/hiredis.h>

namespace feeds {

// Token-based lock with an owner-checked refresh.
class FeedLock {
public:
    FeedLock(redisContext* ctx, std::string key, int ttlMs);
    ~FeedLock();

    bool tryAcquireFor(std::chrono::milliseconds wait);
    bool refresh();
    void release();

private:
    redisContext* ctx_;
    std::string key_;
    std::string token_;
    int ttlMs_;
    bool held_ = false;
};

// Original lock from the first version of the feed builder; still used by
// the full rebuild, which runs long enough to need a watchdog.
class LegacyFeedLock {
public:
    LegacyFeedLock(redisContext* ctx, std::string key, int ttlSec);
    ~LegacyFeedLock();

    bool tryAcquire();
    void release();
    void startWatchdog();
    void stopWatchdog();

private:
    redisContext* ctx_;
    std::string key_;
    int ttlSec_;
    std::atomic<bool> watching_{false};
    std::thread watchdog_;
};

}  // namespace feeds
