#pragma once

#include <hiredis/hiredis.h>

#include <chrono>
#include <string>

namespace shards {

class RedisLock {
public:
    RedisLock(redisContext* c, std::string key, std::chrono::milliseconds ttl);

    // Retries until `wait` has passed; true when the key is ours.
    bool lock(std::chrono::milliseconds wait);
    void unlock();
    bool locked() const { return locked_; }
    const std::string& key() const { return key_; }

private:
    bool try_once();

    redisContext* c_;
    std::string key_;
    std::string token_;
    std::chrono::milliseconds ttl_;
    bool locked_ = false;
};

}  // namespace shards
