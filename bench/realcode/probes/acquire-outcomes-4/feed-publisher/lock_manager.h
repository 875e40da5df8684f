#pragma once

#include <cstdarg>
#include <mutex>
#include <string>

#include <hiredis/hiredis.h>

namespace feed {

// Process-wide access to the coordination redis.  The context is shared by
// every thread, so commands are serialised here.
class LockManager {
public:
    static LockManager &instance();

    bool connect(const char *host, int port);

    // printf-style command; caller frees the reply.
    redisReply *exec(const char *fmt, ...);

    bool tryLock(const std::string &key, const std::string &token, int ttlMs);
    void unlock(const std::string &key, const std::string &token);

    // Marks this node as the feed leader for the next 15 seconds.
    bool pinLeader(const std::string &key, const std::string &nodeId);

private:
    LockManager() = default;
    redisReply *vexec(const char *fmt, va_list ap);

    std::mutex mu_;
    redisContext *ctx_ = nullptr;
};

std::string newLockToken();

// Scoped lock: acquires in the constructor, releases in the destructor.
class FeedLock {
public:
    FeedLock(std::string key, int ttlMs);
    ~FeedLock();

    FeedLock(const FeedLock &) = delete;
    FeedLock &operator=(const FeedLock &) = delete;

    explicit operator bool() const { return held_; }

private:
    std::string key_;
    std::string token_;
    bool held_ = false;
};

}  // namespace feed
