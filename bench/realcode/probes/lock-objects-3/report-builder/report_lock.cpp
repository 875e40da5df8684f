#include "report_lock.hpp"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <unistd.h>

namespace reports {

namespace {

std::string newToken() {
    std::random_device rd;
    char buf[48];
    std::snprintf(buf, sizeof buf, "%08x%08x%08x-%d", rd(), rd(), rd(), static_cast<int>(getpid()));
    return buf;
}

redisReply* run(redisContext* c, const char* fmt, const char* a, const char* b = nullptr,
                int n = 0) {
    void* r = b ? redisCommand(c, fmt, a, b, n) : redisCommand(c, fmt, a);
    return static_cast<redisReply*>(r);
}

}  // namespace

bool ReportLock::init(redisContext* c, const std::string& report, int ttlMs) {
    if (c == nullptr || report.empty() || ttlMs <= 0) return false;
    c_ = c;
    key_ = "reports:lock:" + report;
    ttlMs_ = ttlMs;
    return true;
}

bool ReportLock::attemptOnce() {
    std::string tok = newToken();
    redisReply* r = run(c_, "SET %s %s NX PX %d", key_.c_str(), tok.c_str(), ttlMs_);
    bool ok = r && r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0;
    if (r) freeReplyObject(r);
    if (ok) {
        token_ = tok;
        locked_ = true;
    }
    return ok;
}

bool ReportLock::tryLockFor(int waitMs) {
    const auto start = std::chrono::steady_clock::now();
    for (;;) {
        if (attemptOnce()) return true;
        if (waitMs >= 0 &&
            std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(waitMs))
            return false;
        usleep(50 * 1000);
    }
}

void ReportLock::unlock() {
    if (!locked_) return;
    locked_ = false;

    redisReply* r = run(c_, "GET %s", key_.c_str());
    bool ours = r && r->type == REDIS_REPLY_STRING && token_ == r->str;
    if (r) freeReplyObject(r);
    if (!ours) {
        std::fprintf(stderr, "reports: %s expired before unlock\n", key_.c_str());
        return;
    }
    r = run(c_, "DEL %s", key_.c_str());
    if (r) freeReplyObject(r);
}

}  // namespace reports
