#include "redis_lock.hpp"

#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <thread>

namespace recon {

namespace {

const char* kReleaseScript =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

struct ReplyDeleter {
    void operator()(redisReply* r) const { if (r) freeReplyObject(r); }
};

}  // namespace

RedisLock::RedisLock(redisContext* ctx, std::string name, std::chrono::milliseconds ttl)
    : ctx_(ctx), key_("recon:lock:" + name), fenceKey_("recon:fence:" + name), ttl_(ttl) {}

std::string RedisLock::randomToken() {
    std::random_device rd;
    std::uniform_int_distribution<int> nibble(0, 15);
    static const char* hex = "0123456789abcdef";
    std::string out(32, '0');
    for (auto& ch : out) ch = hex[nibble(rd)];
    return out;
}

bool RedisLock::tryLock() {
    token_ = randomToken();
    const long long ttlMs = static_cast<long long>(ttl_.count());
    void* raw = redisCommand(ctx_, "SET %s %s NX PX %lld", key_.c_str(), token_.c_str(), ttlMs);
    std::unique_ptr<redisReply, ReplyDeleter> r(static_cast<redisReply*>(raw));
    if (!r || r->type != REDIS_REPLY_STATUS) return false;

    std::unique_ptr<redisReply, ReplyDeleter> f(
        static_cast<redisReply*>(redisCommand(ctx_, "INCR %s", fenceKey_.c_str())));
    fence_ = (f && f->type == REDIS_REPLY_INTEGER) ? f->integer : 0;
    return true;
}

bool RedisLock::tryLockFor(std::chrono::milliseconds budget) {
    const auto deadline = std::chrono::steady_clock::now() + budget;
    while (std::chrono::steady_clock::now() < deadline) {
        if (tryLock()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    return false;
}

void RedisLock::lockBlocking() {
    for (;;) {
        if (tryLock()) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

bool RedisLock::unlock() {
    void* raw = redisCommand(ctx_, "EVAL %s 1 %s %s", kReleaseScript, key_.c_str(), token_.c_str());
    std::unique_ptr<redisReply, ReplyDeleter> r(static_cast<redisReply*>(raw));
    return r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
}

}  // namespace recon
