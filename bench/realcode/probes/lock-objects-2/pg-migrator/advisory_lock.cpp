#include "advisory_lock.h"

#include <cstdio>
#include <iostream>
#include <thread>

namespace {

int64_t fnv1a64(const std::string &s)
{
    uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    return static_cast<int64_t>(h);
}

} // namespace

AdvisoryLock::AdvisoryLock(PGconn *conn, const std::string &name)
    : m_conn(conn), m_name(name), m_key(fnv1a64("pgmig:" + name))
{
}

bool AdvisoryLock::runBool(const char *sql)
{
    char keyText[32];
    std::snprintf(keyText, sizeof keyText, "%lld", static_cast<long long>(m_key));
    const char *params[1] = {keyText};
    PGresult *res = PQexecParams(m_conn, sql, 1, nullptr, params, nullptr, nullptr, 0);
    bool value = false;
    if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1) {
        value = PQgetvalue(res, 0, 0)[0] == 't';
    } else {
        std::cerr << "advisory(" << m_name << "): " << PQerrorMessage(m_conn);
    }
    PQclear(res);
    return value;
}

bool AdvisoryLock::tryLock()
{
    m_held = runBool("SELECT pg_try_advisory_lock($1::bigint)");
    return m_held;
}

bool AdvisoryLock::lockWithin(std::chrono::milliseconds budget)
{
    const auto deadline = std::chrono::steady_clock::now() + budget;
    while (!tryLock()) {
        if (std::chrono::steady_clock::now() >= deadline)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
    return true;
}

bool AdvisoryLock::unlock()
{
    if (!m_held)
        return false;
    const bool released = runBool("SELECT pg_advisory_unlock($1::bigint)");
    if (!released)
        std::cerr << "advisory(" << m_name << "): unlock reported not held\n";
    m_held = false;
    return released;
}
