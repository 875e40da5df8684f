#include "redis_client.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/time.h>

namespace notify {

bool Reply::is_status(const char* s) const {
    return r_ && r_->type == REDIS_REPLY_STATUS && std::strcmp(r_->str, s) == 0;
}

std::string Reply::str() const {
    if (!r_) return {};
    if (r_->type == REDIS_REPLY_STRING || r_->type == REDIS_REPLY_STATUS)
        return std::string(r_->str, r_->len);
    return {};
}

Redis& Redis::get() {
    static Redis instance;
    return instance;
}

Redis::Redis() {
    const char* host = std::getenv("NOTIFY_REDIS_HOST");
    struct timeval tv = {0, 300 * 1000};
    ctx_ = redisConnectWithTimeout(host ? host : "127.0.0.1", 6379, tv);
    if (ctx_ && !ctx_->err) redisSetTimeout(ctx_, tv);
}

redisReply* Redis::vraw(const char* fmt, va_list ap) {
    std::lock_guard<std::mutex> g(mu_);
    if (!ctx_ || ctx_->err) return nullptr;
    return static_cast<redisReply*>(redisvCommand(ctx_, fmt, ap));
}

Reply Redis::vcommand(const char* fmt, va_list ap) {
    Reply r(vraw(fmt, ap));
    if (!r.ok()) std::fprintf(stderr, "notify: redis command '%s' failed\n", fmt);
    return r;
}

Reply Redis::command(const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    Reply r = vcommand(fmt, ap);
    va_end(ap);
    return r;
}

}  // namespace notify
