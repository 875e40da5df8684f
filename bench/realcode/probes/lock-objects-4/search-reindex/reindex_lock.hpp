#pragma once

#include <hiredis/hiredis.h>

#include <string>

namespace search {

// Lock on "reindex:lock:<index>". Construct, then init(); released on destruction.
class ReindexLock {
public:
    ReindexLock() = default;
    ~ReindexLock();

    ReindexLock(const ReindexLock&) = delete;
    ReindexLock& operator=(const ReindexLock&) = delete;

    // Tries for about five seconds. `owner` defaults to a random token.
    bool init(redisContext* c, const std::string& index, int ttl_s, const char* owner = nullptr);

    bool held() const { return held_; }
    const std::string& key() const { return key_; }
    const std::string& token() const { return token_; }

private:
    redisContext* c_ = nullptr;
    std::string key_;
    std::string token_;
    bool held_ = false;
};

}  // namespace search
