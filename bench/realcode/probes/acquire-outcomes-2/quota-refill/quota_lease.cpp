#include "quota_lease.h"

#include <cstdio>
#include <iostream>
#include <random>

namespace quota {
namespace {

constexpr const char *kReleaseLua = R"lua(
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
)lua";

}  // namespace

QuotaLease::QuotaLease(sw::redis::Redis &redis, LeaseConfig cfg)
    : redis_(redis), cfg_(std::move(cfg)) {}

std::string QuotaLease::keyFor(const std::string &bucket) const {
    return cfg_.keyPrefix + bucket;
}

std::string QuotaLease::randomValue() {
    static thread_local std::mt19937_64 gen{std::random_device{}()};
    char buf[40];
    std::snprintf(buf, sizeof buf, "%016llx-%016llx",
                  static_cast<unsigned long long>(gen()),
                  static_cast<unsigned long long>(gen()));
    return buf;
}

std::optional<LeaseToken> QuotaLease::acquire(const std::string &bucket) {
    LeaseToken lease{bucket, randomValue(), std::chrono::steady_clock::now()};
    try {
        const bool won = redis_.set(keyFor(bucket), lease.value, cfg_.ttl, sw::redis::UpdateType::NOT_EXIST);
        if (!won) {
            return std::nullopt;
        }
        return lease;
    } catch (const sw::redis::Error &e) {
        std::cerr << "quota lease " << bucket << ": " << e.what() << '\n';
        return std::nullopt;
    }
}

bool QuotaLease::renew(const LeaseToken &lease) {
    try {
        return redis_.pexpire(keyFor(lease.bucket), cfg_.ttl);
    } catch (const sw::redis::Error &e) {
        std::cerr << "quota lease renew " << lease.bucket << ": " << e.what() << '\n';
        return false;
    }
}

void QuotaLease::release(const LeaseToken &lease) {
    try {
        const auto removed = redis_.eval<long long>(kReleaseLua, {keyFor(lease.bucket)}, {lease.value});
        if (removed == 0) {
            std::cerr << "quota lease " << lease.bucket << " had already expired\n";
        }
    } catch (const sw::redis::Error &e) {
        std::cerr << "quota lease release " << lease.bucket << ": " << e.what()
                  << " (expires in " << cfg_.ttl.count() << "ms)\n";
    }
}

}  // namespace quota
