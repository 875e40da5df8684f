#include "redis_pool.h"

#include <cstdio>
#include <random>
#include <sys/time.h>
#include <unistd.h>

namespace inventory {

RedisPool* RedisPool::Instance() {
    static RedisPool* inst = new RedisPool();
    return inst;
}

bool RedisPool::Init(const std::string& host, int port, int timeoutMs) {
    std::lock_guard<std::mutex> lk(mu_);
    host_ = host;
    port_ = port;
    timeoutMs_ = timeoutMs;
    return ReconnectLocked();
}

bool RedisPool::ReconnectLocked() {
    if (ctx_) {
        redisFree(ctx_);
        ctx_ = nullptr;
    }
    struct timeval tv;
    tv.tv_sec = timeoutMs_ / 1000;
    tv.tv_usec = (timeoutMs_ % 1000) * 1000;
    ctx_ = redisConnectWithTimeout(host_.c_str(), port_, tv);
    if (!ctx_ || ctx_->err) {
        fprintf(stderr, "RedisPool: connect %s:%d failed: %s\n", host_.c_str(), port_,
                ctx_ ? ctx_->errstr : "alloc");
        if (ctx_) {
            redisFree(ctx_);
            ctx_ = nullptr;
        }
        return false;
    }
    redisSetTimeout(ctx_, tv);
    return true;
}

redisReply* RedisPool::Raw(const char* fmt, va_list ap) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!ctx_ && !ReconnectLocked()) return nullptr;
    void* r = redisvCommand(ctx_, fmt, ap);
    if (!r) {
        fprintf(stderr, "RedisPool: %s\n", ctx_->errstr);
        ReconnectLocked();  // next call gets a fresh connection
    }
    return static_cast<redisReply*>(r);
}

bool RedisPool::VExec(redisReply** out, const char* fmt, va_list ap) {
    redisReply* r = Raw(fmt, ap);
    if (!r) return false;
    if (r->type == REDIS_REPLY_ERROR) {
        fprintf(stderr, "RedisPool: error reply: %s\n", r->str);
        freeReplyObject(r);
        return false;
    }
    if (out) {
        *out = r;
    } else {
        freeReplyObject(r);
    }
    return true;
}

bool RedisPool::Exec(redisReply** out, const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    bool ok = VExec(out, fmt, ap);
    va_end(ap);
    return ok;
}

std::string MakeLockToken() {
    static thread_local std::mt19937_64 gen{std::random_device{}()};
    char host[64] = {0};
    gethostname(host, sizeof(host) - 1);
    char buf[128];
    snprintf(buf, sizeof(buf), "%s-%d-%016llx", host, static_cast<int>(getpid()),
             static_cast<unsigned long long>(gen()));
    return buf;
}

}  // namespace inventory
