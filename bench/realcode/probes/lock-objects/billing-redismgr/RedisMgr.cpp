#include "RedisMgr.h"

#include <unistd.h>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <random>

RedisMgr* RedisMgr::GetInstance()
{
    static RedisMgr instance;
    return &instance;
}

bool RedisMgr::Connect(const std::string& host, int port)
{
    struct timeval tv = {1, 500000};
    m_ctx = redisConnectWithTimeout(host.c_str(), port, tv);
    if (m_ctx == NULL || m_ctx->err) {
        fprintf(stderr, "redis connect failed: %s\n", m_ctx ? m_ctx->errstr : "oom");
        return false;
    }
    return true;
}

bool RedisMgr::ExecuteCommand(redisReply** reply, const char* fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool ret = ExecuteCommandV(reply, fmt, ap);
    va_end(ap);
    return ret;
}

bool RedisMgr::ExecuteCommandV(redisReply** reply, const char* fmt, va_list ap)
{
    std::lock_guard<std::mutex> guard(m_connMutex);
    redisReply* r = static_cast<redisReply*>(redisvCommand(m_ctx, fmt, ap));
    if (r == NULL) {
        fprintf(stderr, "redis error: %s\n", m_ctx->errstr);
        return false;
    }
    if (r->type == REDIS_REPLY_ERROR) {
        fprintf(stderr, "redis reply error: %s\n", r->str);
        freeReplyObject(r);
        return false;
    }
    *reply = r;
    return true;
}

std::string RedisMgr::makeToken() const
{
    static thread_local std::mt19937_64 rng(std::random_device{}());
    char buf[64];
    snprintf(buf, sizeof(buf), "%d-%016llx", (int)getpid(), (unsigned long long)rng());
    return std::string(buf);
}

std::string RedisMgr::acquireLock(const std::string& key, int ttlSec)
{
    std::string token = makeToken();
    redisReply* reply = NULL;
    if (!ExecuteCommand(&reply, "SET %s %s NX EX %d", key.c_str(), token.c_str(), ttlSec))
        return "";
    bool ok = (reply->type == REDIS_REPLY_STATUS && strcmp(reply->str, "OK") == 0);
    freeReplyObject(reply);
    return ok ? token : "";
}

bool RedisMgr::releaseLock(const std::string& key, const std::string& token)
{
    redisReply* reply = NULL;
    if (!ExecuteCommand(&reply, "GET %s", key.c_str()))
        return false;
    bool mine = (reply->type == REDIS_REPLY_STRING && token == reply->str);
    freeReplyObject(reply);
    if (!mine)
        return false;

    if (!ExecuteCommand(&reply, "DEL %s", key.c_str()))
        return false;
    freeReplyObject(reply);
    return true;
}
