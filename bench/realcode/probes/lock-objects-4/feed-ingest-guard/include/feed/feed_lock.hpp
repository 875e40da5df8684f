#pragma once

#include <hiredis/hiredis.h>

#include <cstdint>
#include <string>

namespace feed {

// Scoped ownership of one shard key. The constructor makes a single attempt;
// check owned() before touching the shard.
class FeedLock {
public:
    FeedLock(redisContext* redis, std::string key, int ttl_ms, const char* owner = nullptr);
    ~FeedLock();

    FeedLock(const FeedLock&) = delete;
    FeedLock& operator=(const FeedLock&) = delete;

    bool owned() const { return owned_; }
    int64_t fence() const { return fence_; }
    const std::string& token() const { return token_; }

    bool extend(int ttl_ms);
    void release();

private:
    redisContext* redis_;
    std::string key_;
    std::string token_;
    int64_t fence_ = 0;
    bool owned_ = false;
};

}  // namespace feed
