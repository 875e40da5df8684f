#include "export_lock.hpp"

#include <cstring>
#include <random>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace exporter {

namespace {

std::string holderId() {
    std::random_device rd;
    std::ostringstream os;
    os << std::hex << ::getpid() << '-' << rd() << rd() << rd();
    return os.str();
}

constexpr const char *kDropIfMine =
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

}  // namespace

ExportLock::ExportLock(redisContext *ctx, std::string name, std::chrono::milliseconds ttl)
    : ctx_(ctx), key_("export-lock:" + name), ttl_(ttl) {}

ExportLock::~ExportLock() {
    if (held_) unlock();
}

void ExportLock::acquire() {
    held_ = false;
    token_ = holderId();
    auto *r = static_cast<redisReply *>(redisCommand(ctx_, "SET %s %s NX PX %lld", key_.c_str(), token_.c_str(), static_cast<long long>(ttl_.count())));
    if (r == nullptr) return;
    held_ = r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0;
    freeReplyObject(r);
}

bool ExportLock::tryLock() {
    acquire();
    return held_;
}

bool ExportLock::lockWithin(std::chrono::milliseconds budget) {
    const auto deadline = std::chrono::steady_clock::now() + budget;
    while (true) {
        if (tryLock()) return true;
        if (std::chrono::steady_clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
}

void ExportLock::extend() {
    auto *r = static_cast<redisReply *>(redisCommand(ctx_, "PEXPIRE %s %lld", key_.c_str(), static_cast<long long>(ttl_.count())));
    if (r) freeReplyObject(r);
}

void ExportLock::unlock() {
    if (!held_) return;
    auto *r = static_cast<redisReply *>(redisCommand(ctx_, "EVAL %s 1 %s %s", kDropIfMine, key_.c_str(), token_.c_str()));
    if (r) freeReplyObject(r);
    held_ = false;
}

}  // namespace exporter
