#include "report_lock.h"

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <ctime>
#include <utility>

namespace {

const char kReleaseScript[] =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then "
    "return redis.call('DEL', KEYS[1]) else return 0 end";

std::string ownerId() {
    char host[64] = {0};
    gethostname(host, sizeof host - 1);
    timespec ts{};
    clock_gettime(CLOCK_REALTIME, &ts);
    char buf[128];
    std::snprintf(buf, sizeof buf, "%s/%d/%ld.%09ld", host, static_cast<int>(getpid()),
                  static_cast<long>(ts.tv_sec), ts.tv_nsec);
    return buf;
}

bool isOk(const redisReply *r) {
    return r != nullptr && r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0;
}

}  // namespace

ReportLock::ReportLock(redisContext *ctx, std::string key, unsigned ttlSec)
    : ctx_(ctx), key_(std::move(key)), owner_(ownerId()), ttlSec_(ttlSec) {}

ReportLock::~ReportLock() {
    if (held_)
        release();
}

void ReportLock::acquire() {
    auto *r = static_cast<redisReply *>(redisCommand(ctx_, "SET %s %s NX EX %u", key_.c_str(), owner_.c_str(), ttlSec_));
    held_ = isOk(r);
    if (r)
        freeReplyObject(r);
}

void ReportLock::acquireUntilReleased() {
    auto *r = static_cast<redisReply *>(redisCommand(ctx_, "SET %s %s NX", key_.c_str(), owner_.c_str()));
    held_ = isOk(r);
    if (r)
        freeReplyObject(r);
}

void ReportLock::release() {
    if (!held_)
        return;
    auto *r = static_cast<redisReply *>(redisCommand(ctx_, "EVAL %s 1 %s %s", kReleaseScript, key_.c_str(), owner_.c_str()));
    if (r)
        freeReplyObject(r);
    held_ = false;
}
