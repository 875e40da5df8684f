#ifndef _REDIS_POOL_H_
#define _REDIS_POOL_H_

#include <stdarg.h>
#include <string>

#include <hiredis/hiredis.h>

class CRedisReply
{
public:
    CRedisReply() : m_pReply(NULL) {}
    explicit CRedisReply(redisReply* p) : m_pReply(p) {}
    CRedisReply(CRedisReply&& o) : m_pReply(o.m_pReply) { o.m_pReply = NULL; }
    ~CRedisReply() { if (m_pReply) freeReplyObject(m_pReply); }

    bool IsOk() const { return m_pReply && m_pReply->type != REDIS_REPLY_ERROR; }
    long long Integer() const;
    std::string String() const;

private:
    CRedisReply(const CRedisReply&);
    CRedisReply& operator=(const CRedisReply&);

    redisReply* m_pReply;
};

class CRedisPool
{
public:
    static CRedisPool* GetInstance();

    bool Init(const char* szHost, int nPort);
    CRedisReply ExecuteCommand(const char* szFmt, ...);

private:
    CRedisPool() : m_pCtx(NULL) {}
    CRedisReply ExecuteCommandV(const char* szFmt, va_list ap);

    redisContext* m_pCtx;
};

#endif
