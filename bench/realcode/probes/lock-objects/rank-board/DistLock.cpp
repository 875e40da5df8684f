#include "DistLock.h"

#include <time.h>

#include "RedisPool.h"

CDistLock::CDistLock(const std::string& strName)
    : m_strKey("dlock:" + strName)
{
}

bool CDistLock::Lock()
{
    CRedisReply r = CRedisPool::GetInstance()->ExecuteCommand("SETNX %s %ld",
                                                              m_strKey.c_str(), (long)time(NULL));
    return r.Integer() == 1;
}

void CDistLock::Unlock()
{
    CRedisPool::GetInstance()->ExecuteCommand("DEL %s", m_strKey.c_str());
}
