#pragma once

#include <hiredis/hiredis.h>

#include <string>

namespace catalog {

std::string new_token();

extern const char* const kReleaseScript;  // KEYS[1] lock, ARGV[1] token

// One-shot lease on `key`; released (if still ours) when the object dies.
class CatalogLease {
public:
    CatalogLease(redisContext* c, std::string key, int ttl_ms);
    ~CatalogLease();

    CatalogLease(const CatalogLease&) = delete;
    CatalogLease& operator=(const CatalogLease&) = delete;

    bool held() const { return held_; }
    // Pushes the expiry out if the key still carries our token.
    bool extend(int ttl_ms);

private:
    redisContext* c_;
    std::string key_;
    std::string token_;
    bool held_ = false;
};

}  // namespace catalog
