#include "invoice_lock.h"

#include <cstdio>
#include <iostream>
#include <random>

namespace billing {
namespace {

const char* const kReleaseScript =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "  return redis.call('del', KEYS[1]) "
    "else "
    "  return 0 "
    "end";

}  // namespace

InvoiceLock::InvoiceLock(redisContext* ctx, std::string keyPrefix)
    : ctx_(ctx), prefix_(std::move(keyPrefix)) {}

std::string InvoiceLock::keyFor(const std::string& resource) const {
    return prefix_ + ":" + resource;
}

std::string InvoiceLock::newToken() {
    static thread_local std::mt19937_64 rng{std::random_device{}()};
    char buf[33];
    std::snprintf(buf, sizeof buf, "%016llx%016llx",
                  static_cast<unsigned long long>(rng()),
                  static_cast<unsigned long long>(rng()));
    return std::string(buf);
}

std::string InvoiceLock::tryAcquire(const std::string& resource, std::chrono::milliseconds ttl) {
    const std::string key = keyFor(resource);
    std::string token = newToken();

    ReplyPtr reply(static_cast<redisReply*>(redisCommand(ctx_, "SET %s %s NX PX %lld", key.c_str(), token.c_str(), static_cast<long long>(ttl.count()))));
    if (!reply) {
        std::cerr << "[invoice-lock] " << key << ": connection error: " << ctx_->errstr << "\n";
        return {};
    }
    if (reply->type == REDIS_REPLY_STATUS && std::string(reply->str, reply->len) == "OK") {
        return token;
    }
    if (reply->type == REDIS_REPLY_ERROR) {
        std::cerr << "[invoice-lock] " << key << ": " << reply->str << "\n";
    }
    return {};
}

bool InvoiceLock::extend(const std::string& resource, std::chrono::milliseconds ttl) {
    const std::string key = keyFor(resource);
    ReplyPtr reply(static_cast<redisReply*>(redisCommand(ctx_, "PEXPIRE %s %lld", key.c_str(), static_cast<long long>(ttl.count()))));
    if (!reply || reply->type != REDIS_REPLY_INTEGER) {
        std::cerr << "[invoice-lock] extend " << key << " failed\n";
        return false;
    }
    return reply->integer == 1;
}

bool InvoiceLock::release(const std::string& resource, const std::string& token) {
    if (token.empty()) return false;
    const std::string key = keyFor(resource);
    ReplyPtr reply(static_cast<redisReply*>(redisCommand(ctx_, "EVAL %s 1 %s %s", kReleaseScript, key.c_str(), token.c_str())));
    if (!reply || reply->type != REDIS_REPLY_INTEGER) {
        std::cerr << "[invoice-lock] release " << key << " failed; it will expire on its own\n";
        return false;
    }
    if (reply->integer == 0) {
        std::cerr << "[invoice-lock] release " << key << ": lock had already passed to another owner\n";
    }
    return reply->integer == 1;
}

}  // namespace billing
