#include "lock_manager.h"

#include <strings.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <utility>

namespace feed {

namespace {
const char kUnlockLua[] =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";
}

LockManager &LockManager::instance() {
    static LockManager mgr;
    return mgr;
}

bool LockManager::connect(const char *host, int port) {
    std::lock_guard<std::mutex> g(mu_);
    if (ctx_)
        redisFree(ctx_);
    ctx_ = redisConnect(host, port);
    return ctx_ != nullptr && ctx_->err == 0;
}

redisReply *LockManager::exec(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    redisReply *r = vexec(fmt, ap);
    va_end(ap);
    return r;
}

redisReply *LockManager::vexec(const char *fmt, va_list ap) {
    std::lock_guard<std::mutex> g(mu_);
    if (ctx_ == nullptr)
        return nullptr;
    return static_cast<redisReply *>(redisvCommand(ctx_, fmt, ap));
}

bool LockManager::tryLock(const std::string &key, const std::string &token, int ttlMs) {
    redisReply *r = exec("SET %s %s NX PX %d", key.c_str(), token.c_str(), ttlMs);
    bool ok = r != nullptr && r->type == REDIS_REPLY_STATUS && strcasecmp(r->str, "OK") == 0;
    if (r)
        freeReplyObject(r);
    return ok;
}

void LockManager::unlock(const std::string &key, const std::string &token) {
    redisReply *r = exec("EVAL %s 1 %s %s", kUnlockLua, key.c_str(), token.c_str());
    if (r)
        freeReplyObject(r);
}

bool LockManager::pinLeader(const std::string &key, const std::string &nodeId) {
    redisReply *r = exec("SET %s %s PX %d", key.c_str(), nodeId.c_str(), 15000);
    bool ok = r != nullptr && r->type == REDIS_REPLY_STATUS;
    if (r)
        freeReplyObject(r);
    return ok;
}

std::string newLockToken() {
    static thread_local std::mt19937_64 gen(
        std::random_device{}() ^
        static_cast<unsigned long long>(std::chrono::steady_clock::now().time_since_epoch().count()));
    char buf[40];
    std::snprintf(buf, sizeof buf, "%d-%016llx", static_cast<int>(getpid()),
                  static_cast<unsigned long long>(gen()));
    return buf;
}

FeedLock::FeedLock(std::string key, int ttlMs)
    : key_(std::move(key)), token_(newLockToken()) {
    held_ = LockManager::instance().tryLock(key_, token_, ttlMs);
}

FeedLock::~FeedLock() {
    if (held_)
        LockManager::instance().unlock(key_, token_);
}

}  // namespace feed
