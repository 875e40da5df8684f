#include <unistd.h>

#include <cstdio>
#include <random>
#include <utility>

#include "ilock.h"

namespace search {

namespace {

const char *kDelIfOwner =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

class RedisLock final : public ILock {
public:
    RedisLock(redisContext *c, std::string name, int ttlMs)
        : c_(c), key_("idx:lock:" + name), name_(std::move(name)), ttlMs_(ttlMs) {
        std::random_device rd;
        char buf[32];
        std::snprintf(buf, sizeof buf, "%08x%08x", rd(), rd());
        owner_ = buf;
    }

    bool tryLock() override {
        auto *r = static_cast<redisReply *>(redisCommand(c_, "SET %s %s NX PX %d", key_.c_str(), owner_.c_str(), ttlMs_));
        bool ok = r != nullptr && r->type == REDIS_REPLY_STATUS;
        if (r)
            freeReplyObject(r);
        return ok;
    }

    void unlock() override {
        auto *r = static_cast<redisReply *>(redisCommand(c_, "EVAL %s 1 %s %s", kDelIfOwner, key_.c_str(), owner_.c_str()));
        if (r)
            freeReplyObject(r);
    }

    const std::string &name() const override { return name_; }

private:
    redisContext *c_;
    std::string key_;
    std::string name_;
    std::string owner_;
    int ttlMs_;
};

}  // namespace

std::shared_ptr<ILock> makeRedisLock(redisContext *c, const std::string &name, int ttlMs) {
    return std::make_shared<RedisLock>(c, name, ttlMs);
}

}  // namespace search
