#include "NamedLock.h"

#include <cstdio>
#include <cstdlib>

CNamedLock::CNamedLock(MYSQL* conn, const std::string& name)
    : m_conn(conn), m_key("inventory." + name)
{
}

bool CNamedLock::QueryScalar(const char* sql, long* out)
{
    if (mysql_query(m_conn, sql) != 0) {
        fprintf(stderr, "mysql: %s\n", mysql_error(m_conn));
        return false;
    }
    MYSQL_RES* res = mysql_store_result(m_conn);
    if (res == NULL)
        return false;
    MYSQL_ROW row = mysql_fetch_row(res);
    bool ok = (row != NULL && row[0] != NULL);
    if (ok)
        *out = strtol(row[0], NULL, 10);
    mysql_free_result(res);
    return ok;
}

bool CNamedLock::TryLock(int timeoutSec)
{
    char sql[256];
    snprintf(sql, sizeof(sql), "SELECT GET_LOCK('%s', %d)", m_key.c_str(), timeoutSec);
    long v = 0;
    return QueryScalar(sql, &v) && v == 1;
}

void CNamedLock::Release()
{
    char sql[256];
    snprintf(sql, sizeof(sql), "SELECT RELEASE_LOCK('%s')", m_key.c_str());
    long v = 0;
    QueryScalar(sql, &v);
}

void CNamedLock::Lock()
{
    char sql[256];
    snprintf(sql, sizeof(sql), "SELECT GET_LOCK('%s', -1)", m_key.c_str());
    long v = 0;
    QueryScalar(sql, &v);
}
