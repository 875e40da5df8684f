#include "catalog/lease.hpp"
#include "catalog/redis_util.hpp"

#include <cstdio>
#include <random>
#include <utility>

namespace catalog {

const char* const kReleaseScript =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

namespace {
const char* const kExtendScript =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
}

std::string new_token() {
    static thread_local std::mt19937_64 rng{std::random_device{}()};
    char buf[40];
    std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(rng()),
                  static_cast<unsigned long long>(rng()));
    return buf;
}

CatalogLease::CatalogLease(redisContext* c, std::string key, int ttl_ms)
    : c_(c), key_(std::move(key)), token_(new_token()) {
    held_ = cmd_ok(c_, "SET %s %s NX PX %d", key_.c_str(), token_.c_str(), ttl_ms);
}

CatalogLease::~CatalogLease() {
    if (held_) cmd_int(c_, "EVAL %s 1 %s %s", kReleaseScript, key_.c_str(), token_.c_str());
}

bool CatalogLease::extend(int ttl_ms) {
    if (!held_) return false;
    held_ = cmd_int(c_, "EVAL %s 1 %s %s %d", kExtendScript, key_.c_str(), token_.c_str(), ttl_ms) == 1;
    return held_;
}

}  // namespace catalog
