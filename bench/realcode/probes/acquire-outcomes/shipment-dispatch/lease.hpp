#pragma once

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <hiredis/hiredis.h>

namespace dispatch {

struct LeaseToken {
    std::string key;
    std::string value;
};

struct LeaseBusy : std::runtime_error {
    explicit LeaseBusy(const std::string& k) : std::runtime_error("lease busy: " + k) {}
};

struct LeaseError : std::runtime_error {
    explicit LeaseError(const std::string& what) : std::runtime_error(what) {}
};

// One SET NX PX attempt. nullopt when the key is taken or Redis failed.
std::optional<LeaseToken> tryLease(redisContext* rc, std::string_view resource,
                                   std::chrono::milliseconds ttl);

// Same, but throws LeaseBusy / LeaseError instead of returning nullopt.
LeaseToken leaseOrThrow(redisContext* rc, std::string_view resource,
                        std::chrono::milliseconds ttl);

// Owner-checked delete; no-op when the lease already moved on.
void dropLease(redisContext* rc, const LeaseToken& t);

// RAII holder built on leaseOrThrow.
class ScopedLease {
public:
    ScopedLease(redisContext* rc, std::string_view resource, std::chrono::milliseconds ttl)
        : rc_(rc), tok_(leaseOrThrow(rc, resource, ttl)) {}
    ~ScopedLease() { dropLease(rc_, tok_); }
    ScopedLease(const ScopedLease&) = delete;
    ScopedLease& operator=(const ScopedLease&) = delete;
    const LeaseToken& token() const { return tok_; }

private:
    redisContext* rc_;
    LeaseToken tok_;
};

}  // namespace dispatch
