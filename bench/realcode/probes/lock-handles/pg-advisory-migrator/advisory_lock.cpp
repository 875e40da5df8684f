#include "advisory_lock.hpp"

#include <cstdio>
#include <cstring>

AdvisoryLock::AdvisoryLock(PGconn *c, int64_t key) : conn(c), keyText(std::to_string(key)) {}

AdvisoryLock::~AdvisoryLock()
{
    if (held)
        unlock();
}

bool AdvisoryLock::runBoolQuery(const char *sql)
{
    const char *params[1] = {keyText.c_str()};
    PGresult *res = PQexecParams(conn, sql, 1, nullptr, params, nullptr, nullptr, 0);
    bool ok = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 &&
              std::strcmp(PQgetvalue(res, 0, 0), "t") == 0;
    PQclear(res);
    return ok;
}

bool AdvisoryLock::tryLock()
{
    held = runBoolQuery("SELECT pg_try_advisory_lock($1::bigint)");
    return held;
}

bool AdvisoryLock::lock()
{
    const char *params[1] = {keyText.c_str()};
    PGresult *res = PQexecParams(conn, "SELECT pg_advisory_lock($1::bigint)", 1, nullptr, params, nullptr, nullptr, 0);
    held = PQresultStatus(res) == PGRES_TUPLES_OK;
    PQclear(res);
    return held;
}

bool AdvisoryLock::lockWithTimeout(int timeoutMs)
{
    char setSql[64];
    std::snprintf(setSql, sizeof setSql, "SET lock_timeout = '%dms'", timeoutMs);
    PQclear(PQexec(conn, setSql));

    const char *params[1] = {keyText.c_str()};
    PGresult *res = PQexecParams(conn, "SELECT pg_advisory_lock($1::bigint)", 1, nullptr, params, nullptr, nullptr, 0);
    held = PQresultStatus(res) == PGRES_TUPLES_OK;
    PQclear(res);

    PQclear(PQexec(conn, "RESET lock_timeout"));
    return held;
}

void AdvisoryLock::unlock()
{
    runBoolQuery("SELECT pg_advisory_unlock($1::bigint)");
    held = false;
}
