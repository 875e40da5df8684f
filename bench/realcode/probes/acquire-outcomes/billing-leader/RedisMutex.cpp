#include "RedisMutex.h"

#include <hiredis/hiredis.h>

#include <cstring>
#include <random>
#include <sstream>
#include <thread>

namespace billing {

namespace {

constexpr const char* kUnlockScript =
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

std::string makeOwnerId() {
    thread_local std::mt19937_64 rng{std::random_device{}()};
    std::ostringstream os;
    os << std::hex << rng() << rng();
    return os.str();
}

}  // namespace

RedisMutex::RedisMutex(redisContext* ctx, std::string name)
    : ctx_(ctx), name_("billing:mutex:" + std::move(name)) {}

bool RedisMutex::tryLock(std::chrono::milliseconds ttl) {
    if (held_) return true;
    std::string owner = makeOwnerId();
    auto* reply = static_cast<redisReply*>(redisCommand(ctx_, "SET %s %s NX PX %lld", name_.c_str(), owner.c_str(), static_cast<long long>(ttl.count())));
    if (reply == nullptr) return false;
    const bool won = reply->type == REDIS_REPLY_STATUS && std::strcmp(reply->str, "OK") == 0;
    freeReplyObject(reply);
    if (won) {
        owner_ = std::move(owner);
        held_ = true;
    }
    return won;
}

bool RedisMutex::lockFor(std::chrono::milliseconds ttl, std::chrono::milliseconds wait) {
    const auto deadline = std::chrono::steady_clock::now() + wait;
    while (!tryLock(ttl)) {
        if (std::chrono::steady_clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return true;
}

void RedisMutex::unlock() {
    if (!held_) return;
    auto* reply = static_cast<redisReply*>(redisCommand(ctx_, "EVAL %s 1 %s %s", kUnlockScript, name_.c_str(), owner_.c_str()));
    if (reply != nullptr) freeReplyObject(reply);
    held_ = false;
    owner_.clear();
}

}  // namespace billing
