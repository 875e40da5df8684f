#pragma once

#include <pqxx/pqxx>

#include <chrono>
#include <cstdint>
#include <string>

namespace billing {

// Session-level advisory lock on (kind, id). Use through PgAdvisoryGuard.
class AdvisoryLock {
public:
    AdvisoryLock(pqxx::connection& conn, const std::string& kind, int64_t id);

    bool try_lock();
    void lock();
    bool lock_for(std::chrono::milliseconds timeout);
    void unlock();

    bool held() const { return held_; }
    const std::string& name() const { return name_; }

private:
    pqxx::connection& conn_;
    std::string name_;
    int64_t key_;
    bool held_ = false;
};

class PgAdvisoryGuard {
public:
    enum Mode { Try, Wait, Adopt };

    explicit PgAdvisoryGuard(AdvisoryLock& lock, Mode mode = Try);
    ~PgAdvisoryGuard();

    PgAdvisoryGuard(const PgAdvisoryGuard&) = delete;
    PgAdvisoryGuard& operator=(const PgAdvisoryGuard&) = delete;

    explicit operator bool() const { return lock_.held(); }

private:
    AdvisoryLock& lock_;
};

}  // namespace billing
