// named_lock.h -- thin wrapper over MariaDB GET_LOCK()/RELEASE_LOCK().
#pragma once

#include <mysql.h>

#include <string>

namespace ledger {

enum class LockStatus { Held, Busy, Error };

class NamedLock {
public:
    NamedLock(MYSQL* db, std::string name) : db_(db), name_(std::move(name)) {}

    NamedLock(const NamedLock&) = delete;
    NamedLock& operator=(const NamedLock&) = delete;

    // Runs SELECT GET_LOCK(name, timeout).  The return value reports whether
    // the statement ran and returned a non-NULL value; *held receives
    // GET_LOCK's own answer (1 = obtained, 0 = timed out).
    bool request(int timeout_s, int* held);

    // Folds request() into a single status.
    LockStatus acquire(int timeout_s);

    void release();

    const std::string& name() const { return name_; }

private:
    std::string quoted() const;

    MYSQL* db_;
    std::string name_;
};

}  // namespace ledger
