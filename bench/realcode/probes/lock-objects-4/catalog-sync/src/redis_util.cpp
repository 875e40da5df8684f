#include "catalog/redis_util.hpp"

#include <cstdarg>
#include <cstdio>
#include <cstring>

namespace catalog {

std::string keyf(const char* fmt, ...) {
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return std::string("cat:") + buf;
}

bool cmd_ok(redisContext* c, const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    auto* r = static_cast<redisReply*>(redisvCommand(c, fmt, ap));
    va_end(ap);
    bool ok = r && r->type == REDIS_REPLY_STATUS && std::strcmp(r->str, "OK") == 0;
    if (r) freeReplyObject(r);
    return ok;
}

long long cmd_int(redisContext* c, const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    auto* r = static_cast<redisReply*>(redisvCommand(c, fmt, ap));
    va_end(ap);
    long long v = (r && r->type == REDIS_REPLY_INTEGER) ? r->integer : -1;
    if (r) freeReplyObject(r);
    return v;
}

}  // namespace catalog
