#ifndef _DIST_LOCK_H_
#define _DIST_LOCK_H_

#include <string>

class CDistLock
{
public:
    explicit CDistLock(const std::string& strName);

    bool Lock();
    void Unlock();

private:
    std::string m_strKey;
};

#endif
