// advisory_lock.h
//
// Session-scoped Postgres advisory lock tied to one pqxx connection.  The
// object remembers whether the last tryLock() succeeded; the destructor hands
// the lock back if it is still held, so early returns do not leak it.
#pragma once

#include <cstdint>
#include <string>

#include <pqxx/pqxx>

namespace shipping {

class AdvisoryLock {
public:
    AdvisoryLock(pqxx::connection &conn, std::int64_t key, std::string label);
    ~AdvisoryLock();

    AdvisoryLock(const AdvisoryLock &) = delete;
    AdvisoryLock &operator=(const AdvisoryLock &) = delete;

    // Non-blocking; records the outcome in held_ and returns it.
    bool tryLock();
    void unlock();

    bool isHeld() const { return held_; }
    const std::string &label() const { return label_; }

private:
    pqxx::connection &conn_;
    std::int64_t key_;
    std::string label_;
    bool held_ = false;
};

// Key namespaces: high 16 bits select the subsystem so keys never collide
// with the inventory service, which shares the database.
std::int64_t waveLockKey(std::int64_t waveId);
std::int64_t manifestLockKey(const std::string &carrier);

}  // namespace shipping
