#ifndef MIGRATOR_ADVISORY_LOCK_HPP
#define MIGRATOR_ADVISORY_LOCK_HPP

#include <cstdint>
#include <string>

#include <libpq-fe.h>

// Session-level Postgres advisory lock bound to one connection.
class AdvisoryLock {
public:
    AdvisoryLock(PGconn *conn, int64_t key);
    ~AdvisoryLock();

    bool tryLock();
    bool lock();
    bool lockWithTimeout(int timeoutMs);
    void unlock();

    bool isHeld() const { return held; }

private:
    bool runBoolQuery(const char *sql);

    PGconn *conn;
    std::string keyText;
    bool held = false;
};

namespace locks {
constexpr int64_t kMigrations = 0x6d696772;   // "migr"
constexpr int64_t kReindex = 0x72696478;      // "ridx"
constexpr int64_t kRollups = 0x726f6c6c;      // "roll"
}  // namespace locks

#endif
