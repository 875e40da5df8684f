#include "fence_lock.h"

#include <cstdio>
#include <random>

namespace {

const char *kCompareDel =
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('del', KEYS[1]) else return 0 end";

std::string ownerToken() {
    std::random_device rd;
    std::uniform_int_distribution<unsigned long long> dist;
    char buf[40];
    std::snprintf(buf, sizeof buf, "%016llx%016llx", dist(rd), dist(rd));
    return buf;
}

}  // namespace

FencedLock::FencedLock(redisContext *rc, const std::string &resource, int ttlMs)
    : rc_(rc),
      key_("compact:lock:" + resource),
      fenceKey_("compact:fence:" + resource),
      owner_(ownerToken()),
      ttlMs_(ttlMs) {}

long long FencedLock::acquire() {
    redisReply *r = static_cast<redisReply *>(redisCommand(rc_, "SET %s %s NX PX %d", key_.c_str(), owner_.c_str(), ttlMs_));
    if (r == nullptr)
        return -1;
    if (r->type == REDIS_REPLY_NIL) {
        freeReplyObject(r);
        return 0;
    }
    bool ok = r->type == REDIS_REPLY_STATUS;
    freeReplyObject(r);
    if (!ok)
        return -1;

    redisReply *f = static_cast<redisReply *>(redisCommand(rc_, "INCR %s", fenceKey_.c_str()));
    if (f == nullptr || f->type != REDIS_REPLY_INTEGER) {
        if (f)
            freeReplyObject(f);
        release();
        return -1;
    }
    long long fence = f->integer;
    freeReplyObject(f);
    return fence;
}

void FencedLock::release() {
    redisReply *r = static_cast<redisReply *>(redisCommand(rc_, "EVAL %s 1 %s %s", kCompareDel, key_.c_str(), owner_.c_str()));
    if (r)
        freeReplyObject(r);
}
