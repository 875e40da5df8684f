#include "RedisPool.h"

#include <stdio.h>

long long CRedisReply::Integer() const
{
    if (m_pReply && m_pReply->type == REDIS_REPLY_INTEGER)
        return m_pReply->integer;
    return 0;
}

std::string CRedisReply::String() const
{
    if (m_pReply && m_pReply->type == REDIS_REPLY_STRING)
        return std::string(m_pReply->str, m_pReply->len);
    return std::string();
}

CRedisPool* CRedisPool::GetInstance()
{
    static CRedisPool s_instance;
    return &s_instance;
}

bool CRedisPool::Init(const char* szHost, int nPort)
{
    m_pCtx = redisConnect(szHost, nPort);
    if (m_pCtx == NULL || m_pCtx->err) {
        printf("[CRedisPool] connect %s:%d failed\n", szHost, nPort);
        return false;
    }
    return true;
}

CRedisReply CRedisPool::ExecuteCommand(const char* szFmt, ...)
{
    va_list ap;
    va_start(ap, szFmt);
    CRedisReply reply = ExecuteCommandV(szFmt, ap);
    va_end(ap);
    return reply;
}

CRedisReply CRedisPool::ExecuteCommandV(const char* szFmt, va_list ap)
{
    redisReply* p = (redisReply*)redisvCommand(m_pCtx, szFmt, ap);
    if (p == NULL)
        printf("[CRedisPool] command failed: %s\n", m_pCtx->errstr);
    return CRedisReply(p);
}
