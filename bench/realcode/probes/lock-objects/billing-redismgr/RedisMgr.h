#ifndef BILLING_REDISMGR_H
#define BILLING_REDISMGR_H

#include <cstdarg>
#include <mutex>
#include <string>

#include <hiredis/hiredis.h>

class RedisMgr
{
public:
    static RedisMgr* GetInstance();

    bool Connect(const std::string& host, int port);
    bool ExecuteCommand(redisReply** reply, const char* fmt, ...);

    std::string acquireLock(const std::string& key, int ttlSec);
    bool releaseLock(const std::string& key, const std::string& token);

private:
    RedisMgr() : m_ctx(NULL) {}
    bool ExecuteCommandV(redisReply** reply, const char* fmt, va_list ap);
    std::string makeToken() const;

    redisContext* m_ctx;
    std::mutex m_connMutex;
};

#endif
