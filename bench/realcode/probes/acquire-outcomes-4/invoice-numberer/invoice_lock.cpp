#include "invoice_lock.h"

#include <strings.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>

InvoiceLock::InvoiceLock(redisContext *redis, const std::string &series)
    : redis_(redis), key_("invoice:series:" + series) {}

static std::string newToken() {
    auto now = std::chrono::steady_clock::now().time_since_epoch().count();
    char buf[48];
    std::snprintf(buf, sizeof buf, "%ld:%lld", static_cast<long>(getpid()),
                  static_cast<long long>(now));
    return buf;
}

std::string InvoiceLock::acquire(int ttlSeconds) {
    std::string token = newToken();
    redisReply *reply = static_cast<redisReply *>(redisCommand(redis_, "SET %s %s NX EX %d", key_.c_str(), token.c_str(), ttlSeconds));
    if (!reply)
        return {};
    bool ok = reply->type == REDIS_REPLY_STATUS && strcasecmp(reply->str, "ok") == 0;
    freeReplyObject(reply);
    return ok ? token : std::string();
}

void InvoiceLock::release(const std::string &token) {
    redisReply *cur = static_cast<redisReply *>(redisCommand(redis_, "GET %s", key_.c_str()));
    if (!cur)
        return;
    bool mine = cur->type == REDIS_REPLY_STRING && token == cur->str;
    freeReplyObject(cur);
    if (!mine)
        return;

    redisReply *del = static_cast<redisReply *>(redisCommand(redis_, "DEL %s", key_.c_str()));
    if (del)
        freeReplyObject(del);
}
