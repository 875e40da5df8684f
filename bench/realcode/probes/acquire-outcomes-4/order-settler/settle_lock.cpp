#include "settle_lock.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <ctime>

namespace settle {

namespace {

constexpr const char *kRelease =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

std::string nextToken() {
    static std::atomic<unsigned long> counter{0};
    char host[64] = {};
    gethostname(host, sizeof host - 1);
    char buf[128];
    std::snprintf(buf, sizeof buf, "%s:%d:%lu:%ld", host, static_cast<int>(getpid()),
                  counter.fetch_add(1), static_cast<long>(time(nullptr)));
    return buf;
}

}  // namespace

SettlementLock::SettlementLock(redisContext *ctx, const std::string &orderId)
    : ctx_(ctx), key_("settle:order:" + orderId) {}

void SettlementLock::acquire(std::chrono::milliseconds ttl) {
    std::string token = nextToken();
    auto *r = static_cast<redisReply *>(redisCommand(ctx_, "SET %s %s NX PX %lld",
                                                     key_.c_str(), token.c_str(),
                                                     static_cast<long long>(ttl.count())));
    if (r == nullptr)
        throw LockUnavailable(ctx_->errstr);
    if (r->type == REDIS_REPLY_NIL) {
        freeReplyObject(r);
        throw LockBusy(key_);
    }
    if (r->type != REDIS_REPLY_STATUS || std::strcmp(r->str, "OK") != 0) {
        std::string msg = r->type == REDIS_REPLY_ERROR ? r->str : "unexpected reply";
        freeReplyObject(r);
        throw LockUnavailable(msg);
    }
    freeReplyObject(r);
    token_ = token;
}

void SettlementLock::release() noexcept {
    if (token_.empty())
        return;
    auto *r = static_cast<redisReply *>(redisCommand(ctx_, "EVAL %s 1 %s %s", kRelease, key_.c_str(), token_.c_str()));
    if (r)
        freeReplyObject(r);
    token_.clear();
}

SettlementGuard::SettlementGuard(SettlementLock &lock, std::chrono::milliseconds ttl) noexcept
    : lock_(lock) {
    try {
        lock_.acquire(ttl);
        owns_ = true;
    } catch (const std::exception &e) {
        owns_ = false;
    }
}

SettlementGuard::~SettlementGuard() {
    if (owns_)
        lock_.release();
}

}  // namespace settle
