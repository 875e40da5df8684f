#ifndef INVENTORY_NAMEDLOCK_H
#define INVENTORY_NAMEDLOCK_H

#include <string>

#include <mysql/mysql.h>

/*
 * MySQL user-level lock (GET_LOCK / RELEASE_LOCK). The lock belongs to the
 * session of m_conn and is released automatically when the session ends.
 */
class CNamedLock
{
public:
    CNamedLock(MYSQL* conn, const std::string& name);

    bool TryLock(int timeoutSec);
    void Lock();
    void Release();

private:
    bool QueryScalar(const char* sql, long* out);

    MYSQL*      m_conn;
    std::string m_key;
};

#endif
