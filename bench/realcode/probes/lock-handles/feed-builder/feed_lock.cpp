#include "feed_lock.hpp"

#include <cstdio>
#include <cstring>
#include <random>

namespace feeds {

namespace {

const char* const kRefreshLua =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0";

const char* const kReleaseLua =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) end return 0";

std::string newToken() {
    static thread_local std::mt19937_64 gen{std::random_device{}()};
    char buf[33];
    std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(gen()),
                  static_cast<unsigned long long>(gen()));
    return buf;
}

}  // namespace

FeedLock::FeedLock(redisContext* ctx, std::string key, int ttlMs)
    : ctx_(ctx), key_(std::move(key)), token_(newToken()), ttlMs_(ttlMs) {}

FeedLock::~FeedLock() {
    if (held_) release();
}

bool FeedLock::tryAcquireFor(std::chrono::milliseconds wait) {
    const auto until = std::chrono::steady_clock::now() + wait;
    do {
        auto* r = static_cast<redisReply*>(redisCommand(ctx_, "SET %s %s NX PX %d", key_.c_str(), token_.c_str(), ttlMs_));
        held_ = r && r->type == REDIS_REPLY_STATUS;
        if (r) freeReplyObject(r);
        if (held_) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
    } while (std::chrono::steady_clock::now() < until);
    return false;
}

bool FeedLock::refresh() {
    const std::string ttl = std::to_string(ttlMs_);
    auto* r = static_cast<redisReply*>(redisCommand(ctx_, "EVAL %s 1 %s %s %s", kRefreshLua, key_.c_str(), token_.c_str(), ttl.c_str()));
    const bool ok = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (r) freeReplyObject(r);
    return ok;
}

void FeedLock::release() {
    auto* r = static_cast<redisReply*>(redisCommand(ctx_, "EVAL %s 1 %s %s", kReleaseLua, key_.c_str(), token_.c_str()));
    if (r) freeReplyObject(r);
    held_ = false;
}

LegacyFeedLock::LegacyFeedLock(redisContext* ctx, std::string key, int ttlSec)
    : ctx_(ctx), key_(std::move(key)), ttlSec_(ttlSec) {}

LegacyFeedLock::~LegacyFeedLock() { stopWatchdog(); }

bool LegacyFeedLock::tryAcquire() {
    auto* r = static_cast<redisReply*>(redisCommand(ctx_, "SET %s 1 NX EX %d", key_.c_str(), ttlSec_));
    const bool ok = r && r->type == REDIS_REPLY_STATUS;
    if (r) freeReplyObject(r);
    return ok;
}

void LegacyFeedLock::startWatchdog() {
    watching_ = true;
    watchdog_ = std::thread([this] {
        while (watching_) {
            std::this_thread::sleep_for(std::chrono::seconds(ttlSec_ / 3 + 1));
            auto* r = static_cast<redisReply*>(redisCommand(ctx_, "EXPIRE %s %d", key_.c_str(), ttlSec_));
            if (r) freeReplyObject(r);
        }
    });
}

void LegacyFeedLock::stopWatchdog() {
    watching_ = false;
    if (watchdog_.joinable()) watchdog_.join();
}

void LegacyFeedLock::release() {
    auto* r = static_cast<redisReply*>(redisCommand(ctx_, "GET %s", key_.c_str()));
    const bool present = r && r->type == REDIS_REPLY_STRING && std::strcmp(r->str, "1") == 0;
    if (r) freeReplyObject(r);
    if (present) {
        r = static_cast<redisReply*>(redisCommand(ctx_, "DEL %s", key_.c_str()));
        if (r) freeReplyObject(r);
    }
}

}  // namespace feeds
