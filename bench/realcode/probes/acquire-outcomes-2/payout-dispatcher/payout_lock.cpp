#include "payout_lock.h"

#include <cstdio>
#include <fstream>
#include <iostream>

namespace payouts {
namespace {

constexpr const char *kMaintenanceKey = "payouts:maintenance";

const char *const kCompareDelete =
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

std::string randomToken() {
    unsigned char raw[16] = {};
    std::ifstream urandom("/dev/urandom", std::ios::binary);
    urandom.read(reinterpret_cast<char *>(raw), sizeof raw);
    if (!urandom) throw LockBackendError("cannot read /dev/urandom");
    char hex[33];
    for (int i = 0; i < 16; ++i) std::snprintf(hex + 2 * i, 3, "%02x", raw[i]);
    return std::string(hex, 32);
}

}  // namespace

std::string acquireToken(redisContext *ctx, const std::string &key, std::chrono::milliseconds ttl) {
    std::string token = randomToken();
    auto *r = static_cast<redisReply *>(redisCommand(ctx, "SET %s %s NX PX %lld", key.c_str(), token.c_str(), static_cast<long long>(ttl.count())));
    if (r == nullptr) {
        throw LockBackendError(std::string("redis: ") + ctx->errstr);
    }
    const int type = r->type;
    const std::string text = r->str ? std::string(r->str, r->len) : std::string();
    freeReplyObject(r);

    if (type == REDIS_REPLY_NIL) throw LockUnavailable(key + " is held by another dispatcher");
    if (type != REDIS_REPLY_STATUS || text != "OK") throw LockBackendError("redis: " + text);
    return token;
}

void releaseToken(redisContext *ctx, const std::string &key, const std::string &token) noexcept {
    auto *r = static_cast<redisReply *>(redisCommand(ctx, "EVAL %s 1 %s %s", kCompareDelete, key.c_str(), token.c_str()));
    if (r == nullptr) {
        std::cerr << "payout lock " << key << ": release failed (" << ctx->errstr << ")\n";
        return;
    }
    freeReplyObject(r);
}

ScopedPayoutLock::ScopedPayoutLock(redisContext *ctx, std::string key, std::chrono::milliseconds ttl)
    : ctx_(ctx), key_(std::move(key)), token_(acquireToken(ctx_, key_, ttl)) {}

ScopedPayoutLock::~ScopedPayoutLock() { releaseToken(ctx_, key_, token_); }

bool enterMaintenance(redisContext *ctx, const std::string &operatorId) {
    auto *r = static_cast<redisReply *>(redisCommand(ctx, "SET %s %s NX", kMaintenanceKey, operatorId.c_str()));
    if (r == nullptr) throw LockBackendError(std::string("redis: ") + ctx->errstr);
    const bool set = r->type == REDIS_REPLY_STATUS;
    freeReplyObject(r);
    return set;
}

void leaveMaintenance(redisContext *ctx) {
    auto *r = static_cast<redisReply *>(redisCommand(ctx, "DEL %s", kMaintenanceKey));
    if (r != nullptr) freeReplyObject(r);
}

}  // namespace payouts
