#ifndef PGMIG_ADVISORY_LOCK_H
#define PGMIG_ADVISORY_LOCK_H

#include <chrono>
#include <cstdint>
#include <string>

#include <libpq-fe.h>

// Session-level PostgreSQL advisory lock on a 64-bit key derived from a name.
// The lock belongs to the connection: it ends when unlock() runs or the
// session ends.
class AdvisoryLock
{
public:
    AdvisoryLock(PGconn *conn, const std::string &name);

    bool tryLock();
    bool lockWithin(std::chrono::milliseconds budget);
    bool unlock();

    int64_t key() const { return m_key; }
    const std::string &name() const { return m_name; }
    bool isHeld() const { return m_held; }

private:
    bool runBool(const char *sql);

    PGconn *m_conn;
    std::string m_name;
    int64_t m_key;
    bool m_held = false;
};

#endif
