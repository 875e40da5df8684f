// pg_lock.h
//
// Advisory locks for the audit archiver, on top of raw libpq.  tryAcquire()
// distinguishes "somebody else has it" from "we could not find out", because
// the archiver pages on-call for the second and not for the first.
#pragma once

#include <cstdint>
#include <string>

#include <libpq-fe.h>

namespace audit {

enum class LockOutcome {
    Acquired,
    Contended,
    Failed,
};

const char *toString(LockOutcome o);

class PgAdvisoryLock {
public:
    explicit PgAdvisoryLock(PGconn *conn) : conn_(conn) {}

    LockOutcome tryAcquire(std::int64_t key);
    bool release(std::int64_t key);

    PGconn *connection() const { return conn_; }

private:
    PGconn *conn_;
};

// Holds the lock for the lifetime of the object when acquisition succeeded.
class AdvisoryGuard {
public:
    AdvisoryGuard(PgAdvisoryLock &lock, std::int64_t key)
        : lock_(lock), key_(key), outcome_(lock.tryAcquire(key)) {}
    ~AdvisoryGuard() {
        if (outcome_ == LockOutcome::Acquired) lock_.release(key_);
    }
    AdvisoryGuard(const AdvisoryGuard &) = delete;
    AdvisoryGuard &operator=(const AdvisoryGuard &) = delete;

    LockOutcome outcome() const { return outcome_; }

private:
    PgAdvisoryLock &lock_;
    std::int64_t key_;
    LockOutcome outcome_;
};

}  // namespace audit
