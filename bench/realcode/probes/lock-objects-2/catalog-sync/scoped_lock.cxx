#include "scoped_lock.hxx"

#include <cstdio>
#include <random>
#include <thread>

namespace catalog {

namespace {

const char* const kDelIfOwner =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end "
    "return 0";
const char* const kExpireIfOwner =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0";

std::string makeToken()
{
    thread_local std::mt19937_64 gen{std::random_device{}()};
    char buf[40];
    std::snprintf(buf, sizeof buf, "%016llx-%016llx", (unsigned long long)gen(),
                  (unsigned long long)gen());
    return buf;
}

} // namespace

ScopedRedisLock::ScopedRedisLock(redisContext* ctx, std::string key,
                                 std::chrono::milliseconds ttl, std::chrono::milliseconds wait)
    : ctx_(ctx), key_(std::move(key)), token_(makeToken()), ttl_(ttl)
{
    const auto deadline = std::chrono::steady_clock::now() + wait;
    do {
        auto* r = static_cast<redisReply*>(redisCommand(
            ctx_, "SET %s %s NX PX %lld", key_.c_str(), token_.c_str(), (long long)ttl_.count()));
        if (r == nullptr) return;
        owned_ = (r->type == REDIS_REPLY_STATUS);
        freeReplyObject(r);
        if (owned_) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    } while (std::chrono::steady_clock::now() < deadline);
}

ScopedRedisLock::~ScopedRedisLock()
{
    if (!owned_) return;
    auto* r = static_cast<redisReply*>(
        redisCommand(ctx_, "EVAL %s 1 %s %s", kDelIfOwner, key_.c_str(), token_.c_str()));
    if (r != nullptr) freeReplyObject(r);
}

bool ScopedRedisLock::extend()
{
    if (!owned_) return false;
    auto* r = static_cast<redisReply*>(redisCommand(ctx_, "EVAL %s 1 %s %s %lld", kExpireIfOwner,
                                                    key_.c_str(), token_.c_str(),
                                                    (long long)ttl_.count()));
    owned_ = r != nullptr && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (r != nullptr) freeReplyObject(r);
    return owned_;
}

} // namespace catalog
